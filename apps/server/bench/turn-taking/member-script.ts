import type { SpeechPart } from '../../src/realtime/providers/local/member-speech';

/**
 * The scripted member of bench:turn-taking: the same 16 turns for every setting. Within a turn, pauses of 200 to
 * 900 ms after level or rising phrases (the member is not done); a turn ends on a falling phrase (a statement),
 * a rising one (a question) or a level one (trailing off). Four turns add an afterthought 550 to 800 ms after a
 * finished-sounding sentence, without waiting for the answer: a commit there is early. After each turn the member
 * waits for the answer to finish (or 10 s), then 600 ms, then goes on.
 */
const speak = (speakMs: number, contour: 'falling' | 'rising' | 'level'): SpeechPart => ({ speakMs, contour });
const pause = (pauseMs: number): SpeechPart => ({ pauseMs });

export const MEMBER_TURNS: SpeechPart[][] = [
  [speak(1400, 'level'), pause(300), speak(1600, 'falling')],
  [speak(1200, 'rising'), pause(600), speak(1500, 'falling')],
  [speak(350, 'falling')],
  [speak(1500, 'level'), pause(900), speak(1200, 'falling')],
  [speak(1600, 'falling'), pause(650), speak(1000, 'falling')],
  [speak(1800, 'rising')],
  [speak(900, 'level'), pause(200), speak(800, 'level'), pause(500), speak(1300, 'falling')],
  [speak(1000, 'rising'), pause(800), speak(1400, 'falling')],
  [speak(1400, 'falling'), pause(550), speak(800, 'falling')],
  [speak(1700, 'level')],
  [speak(1100, 'level'), pause(400), speak(1000, 'level'), pause(700), speak(1200, 'falling')],
  [speak(300, 'level')],
  [speak(1500, 'falling'), pause(800), speak(900, 'falling')],
  [speak(2000, 'level'), pause(600), speak(1500, 'falling')],
  [speak(1300, 'falling'), pause(700), speak(1100, 'rising')],
  [speak(1200, 'rising'), pause(450), speak(900, 'level'), pause(750), speak(1600, 'falling')],
];

/** After each turn: how long the member waits at most for an answer, and the breath before the next turn. */
export const ANSWER_WAIT_MAX_MS = 10_000;
export const AFTER_ANSWER_MS = 600;
