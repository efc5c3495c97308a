import { isBase64Audio } from './client-events';

/**
 * The relay's hot path: `input_audio_buffer.append`, 25–50 frames a second per live session. The voice page
 * sends each as exactly `{"type":"input_audio_buffer.append","audio":"<base64>"}`; such a frame is recognised
 * from its raw text, its audio checked as strictly as `checkClientEvent` does, and it goes on without Elysia's
 * per-message work (JSON.parse, an async hop, an ElysiaWS wrapper with a dozen bound methods). Anything else,
 * including a valid append in another spelling, takes the full path unchanged.
 */
const PREFIX = '{"type":"input_audio_buffer.append","audio":"';
const SUFFIX = '"}';

/**
 * An append event that still holds the frame it came in (checked: exactly that spelling, base64 audio), so the
 * OpenAI upstream sends the same text on without building a new one. The frame is a private field: it is
 * never serialised with the event.
 */
export class AppendFrame {
  readonly type = 'input_audio_buffer.append' as const;
  readonly audio: string;
  readonly #frame: string;

  constructor(audio: string, frame: string) {
    this.audio = audio;
    this.#frame = frame;
  }

  get frame(): string {
    return this.#frame;
  }
}

/** The checked audio of a frame in the page's exact spelling, or null when the frame needs the full check. */
export function appendAudioOf(text: string, maxFrameBytes: number): string | null {
  // Base64 is ASCII, so a frame that passes below has as many bytes as characters.
  if (text.length > maxFrameBytes || text.length < PREFIX.length + SUFFIX.length) return null;
  if (!text.startsWith(PREFIX) || !text.endsWith(SUFFIX)) return null;
  const audio = text.slice(PREFIX.length, text.length - SUFFIX.length);
  return isBase64Audio(audio) ? audio : null;
}

/** The append event of a frame in the page's exact spelling, or null when the frame needs the full check. */
export function appendFrameOf(text: string, maxFrameBytes: number): AppendFrame | null {
  const audio = appendAudioOf(text, maxFrameBytes);
  return audio === null ? null : new AppendFrame(audio, text);
}

type MessageHandler = (socket: unknown, message: unknown) => unknown;

/**
 * Puts the fast path in front of one socket's message handler. Elysia 1.4's Bun adapter keeps each socket's
 * handlers on the Bun socket's `data` and calls `data.message(socket, message)` for every frame; frames the
 * fast path does not take are handed to that handler as before. Bun runs the microtasks of one message before
 * it delivers the next, so frames keep their order across the two paths.
 */
export function takeAppendsFirst(data: object, maxFrameBytes: number, onAppend: (frame: string, audio: string) => void): void {
  const handlers = data as { message?: MessageHandler };
  const fullPath = handlers.message;
  if (typeof fullPath !== 'function') throw new Error('Elysia no longer keeps the websocket message handler on socket data');
  handlers.message = function fastAppend(socket, message) {
    const audio = typeof message === 'string' ? appendAudioOf(message, maxFrameBytes) : null;
    if (audio === null) return fullPath(socket, message);
    onAppend(message as string, audio);
  };
}
