import {
  BROWSER_EVENT_TYPES,
  EAGERNESS_LEVELS,
  TEMPERATURE_MAX,
  TEMPERATURE_MIN,
  TURN_TAKING_MAX_TURNS,
  VOICES,
  type BrowserEvent,
  type ClientSessionSettings,
  type Eagerness,
  type SemanticVad,
  type ServerVad,
  type TurnDetection,
  type Voice,
} from '@hearth/protocol';

/**
 * What a browser may send on /ws (PRODUCT §4). Each allowed event is rebuilt from the fields we accept, so
 * nothing else a browser adds (instructions, tools, response overrides, other roles) ever goes upstream.
 * A rejection closes the socket with 1008 and `reason` (kept under the 123-byte close-reason limit).
 */
export type ClientEventCheck = { ok: true; event: BrowserEvent } | { ok: false; reason: string };

export const MAX_TEXT_PART_LENGTH = 4000;
const MAX_TEXT_PARTS = 8;
const MAX_ID_LENGTH = 100;
const MAX_AUDIO_END_MS = 4 * 60 * 60 * 1000;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type SetFromBase64 = (text: string, options: { lastChunkHandling: 'loose' }) => { read: number; written: number };
const canDecodeInto = typeof (Uint8Array.prototype as unknown as { setFromBase64?: SetFromBase64 }).setFromBase64 === 'function';
/** Where frames are decoded to be checked: reused, so a frame's check leaves no decoded array behind. */
let scratch = new Uint8Array(4096);

/**
 * The audio of an append: whole base64 quads (so it decodes to whole bytes), nothing else. Checked on every
 * microphone frame, so by the runtime's native decoder (about 8x faster than the regular expression on a 20 ms
 * frame), into one reused buffer: it refuses any character outside the alphabet and misplaced padding, and skips
 * ASCII whitespace, which the decoded length then gives away. Same verdicts as the expression (fast-append.test.ts).
 */
export function isBase64Audio(audio: string): boolean {
  if (audio.length % 4 !== 0) return false;
  if (!canDecodeInto) return BASE64.test(audio);
  const padding = audio.endsWith('==') ? 2 : audio.endsWith('=') ? 1 : 0;
  const expected = (audio.length / 4) * 3 - padding;
  if (scratch.length < expected) scratch = new Uint8Array(expected);
  let result: { read: number; written: number };
  try {
    result = (scratch as unknown as { setFromBase64: SetFromBase64 }).setFromBase64(audio, { lastChunkHandling: 'loose' });
  } catch {
    return false;
  }
  return result.read === audio.length && result.written === expected;
}

const allowed = new Set<string>(BROWSER_EVENT_TYPES);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const reject = (reason: string): ClientEventCheck => ({ ok: false, reason });

export function checkClientEvent(message: unknown, opts: { staff: boolean }): ClientEventCheck {
  if (!isObject(message)) return reject('Messages must be JSON objects');
  const type = message.type;
  if (typeof type !== 'string' || !allowed.has(type)) return reject(`Event type not allowed: ${String(type).slice(0, 60)}`);
  switch (type) {
    case 'input_audio_buffer.append': {
      const audio = message.audio;
      if (typeof audio !== 'string' || !isBase64Audio(audio)) return reject('input_audio_buffer.append needs base64 audio');
      return { ok: true, event: { type, audio } };
    }
    case 'input_audio_buffer.commit':
    case 'input_audio_buffer.clear':
    case 'response.create':
    case 'hearth.end_session':
      return { ok: true, event: { type } };
    case 'response.cancel': {
      const id = message.response_id;
      if (id !== undefined && (typeof id !== 'string' || id.length > MAX_ID_LENGTH)) return reject('Invalid response.cancel');
      return { ok: true, event: id === undefined ? { type } : { type, response_id: id } };
    }
    case 'conversation.item.truncate': {
      const { item_id, content_index, audio_end_ms } = message;
      if (
        typeof item_id !== 'string' ||
        !item_id ||
        item_id.length > MAX_ID_LENGTH ||
        !isInt(content_index, 0, 16) ||
        !isInt(audio_end_ms, 0, MAX_AUDIO_END_MS)
      ) {
        return reject('Invalid conversation.item.truncate');
      }
      return { ok: true, event: { type, item_id, content_index, audio_end_ms } };
    }
    case 'conversation.item.delete': {
      // PRODUCT §4: operators prune the conversation from the console; an end user's history is not theirs to edit.
      if (!opts.staff) return reject('conversation.item.delete is for staff only');
      const { item_id } = message;
      if (typeof item_id !== 'string' || !item_id || item_id.length > MAX_ID_LENGTH) return reject('Invalid conversation.item.delete');
      return { ok: true, event: { type, item_id } };
    }
    case 'conversation.item.create':
      return checkItemCreate(message.item);
    case 'session.update':
      return checkSessionUpdate(message.session, opts.staff);
    case 'hearth.select_module': {
      const { module, version } = message;
      if (typeof module !== 'string' || !module.trim() || module.length > 200) return reject('hearth.select_module needs a module name');
      if (version !== undefined && version !== null && !isInt(version, 1, 1_000_000))
        return reject('hearth.select_module version must be a positive integer');
      return { ok: true, event: typeof version === 'number' ? { type, module, version } : { type, module } };
    }
    case 'hearth.ping': {
      const { id } = message;
      if (id !== undefined && !isInt(id, 0, Number.MAX_SAFE_INTEGER)) return reject('hearth.ping id must be a whole number');
      return { ok: true, event: id === undefined ? { type } : { type, id } };
    }
    case 'hearth.settings': {
      const { reminder } = message;
      if (reminder !== undefined && typeof reminder !== 'boolean') return reject('hearth.settings reminder must be true or false');
      return { ok: true, event: reminder === undefined ? { type } : { type, reminder } };
    }
    case 'hearth.turn_taking':
      return checkTurnTaking(message);
    case 'hearth.turn_timing':
      return checkTurnTiming(message);
  }
  return reject(`Event type not allowed: ${type}`);
}

/** A page's cumulative turn-taking totals: whole numbers, each count at most the turns. */
function checkTurnTaking(message: Json): ClientEventCheck {
  const { turns, cutOffs, prematureCommits, deadAirs, selfInterruptions } = message;
  if (!isInt(turns, 0, TURN_TAKING_MAX_TURNS)) return reject('hearth.turn_taking turns must be a whole number');
  const counts = [cutOffs, prematureCommits, deadAirs, selfInterruptions];
  if (!counts.every((count) => isInt(count, 0, turns))) return reject('hearth.turn_taking counts must be whole numbers up to turns');
  return {
    ok: true,
    event: {
      type: 'hearth.turn_taking',
      turns,
      cutOffs: cutOffs as number,
      prematureCommits: prematureCommits as number,
      deadAirs: deadAirs as number,
      selfInterruptions: selfInterruptions as number,
    },
  };
}

/** A page's shares can be nonsense without harm to anyone but the trace: out of range, the message is ignored. */
const MAX_SHARE_MS = 60_000;
const isShare = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_SHARE_MS;

/** A page's shares of one traced turn (PRODUCT §12); a malformed one is dropped, not a reason to close the socket. */
function checkTurnTiming(message: Json): ClientEventCheck {
  const { turnId, captureMs, socketMs, playbackMs } = message;
  const valid =
    typeof turnId === 'string' && turnId.length > 0 && turnId.length <= MAX_ID_LENGTH && [captureMs, socketMs, playbackMs].every(isShare);
  const event = valid
    ? {
        type: 'hearth.turn_timing' as const,
        turnId,
        captureMs: captureMs as number,
        socketMs: socketMs as number,
        playbackMs: playbackMs as number,
      }
    : { type: 'hearth.turn_timing' as const, turnId: '', captureMs: 0, socketMs: 0, playbackMs: 0 };
  return { ok: true, event };
}

/** Browsers add user text only: typed messages and the testing page's second-model replies. */
function checkItemCreate(item: unknown): ClientEventCheck {
  if (!isObject(item) || item.type !== 'message' || item.role !== 'user' || !Array.isArray(item.content)) {
    return reject('conversation.item.create accepts user messages only');
  }
  const parts = item.content;
  if (parts.length === 0 || parts.length > MAX_TEXT_PARTS) return reject('conversation.item.create needs 1 to 8 text parts');
  const content: Array<{ type: 'input_text'; text: string }> = [];
  for (const part of parts) {
    if (!isObject(part) || part.type !== 'input_text' || typeof part.text !== 'string' || part.text.length > MAX_TEXT_PART_LENGTH) {
      return reject('conversation.item.create accepts input_text parts only');
    }
    content.push({ type: 'input_text', text: part.text });
  }
  return { ok: true, event: { type: 'conversation.item.create', item: { type: 'message', role: 'user', content } } };
}

/** Only voice, turn detection and (staff) temperature are taken; instructions, tools and the rest are ignored. */
function checkSessionUpdate(session: unknown, staff: boolean): ClientEventCheck {
  if (!isObject(session)) return reject('session.update needs a session object');
  const settings: ClientSessionSettings = { type: 'realtime' };
  const audio = isObject(session.audio) ? session.audio : {};
  const input = isObject(audio.input) ? audio.input : {};
  const output = isObject(audio.output) ? audio.output : {};
  if ('turn_detection' in input) {
    const turnDetection = checkTurnDetection(input.turn_detection);
    if (turnDetection === undefined) return reject('Invalid turn_detection');
    settings.audio = { input: { turn_detection: turnDetection } };
  }
  if (output.voice !== undefined) {
    if (typeof output.voice !== 'string' || !(VOICES as readonly string[]).includes(output.voice)) return reject('Unknown voice');
    settings.audio = { ...settings.audio, output: { voice: output.voice as Voice } };
  }
  if (staff && session.temperature !== undefined) {
    if (typeof session.temperature !== 'number' || !Number.isFinite(session.temperature)) return reject('Invalid temperature');
    settings.temperature = clampTemperature(session.temperature);
  }
  return { ok: true, event: { type: 'session.update', session: settings } };
}

/**
 * undefined means invalid; null means manual turns. Both GA kinds are accepted from every page; on the user page
 * the session puts its own back for any non-null choice (session-config.ts), so members do not pick.
 */
export function checkTurnDetection(value: unknown): TurnDetection | undefined {
  if (value === null) return null;
  if (!isObject(value)) return undefined;
  if (value.type === 'semantic_vad') return checkSemanticVad(value);
  if (value.type !== 'server_vad') return undefined;
  const vad: ServerVad = { type: 'server_vad' };
  if (value.threshold !== undefined) {
    if (typeof value.threshold !== 'number' || !(value.threshold >= 0 && value.threshold <= 1)) return undefined;
    vad.threshold = value.threshold;
  }
  for (const field of ['prefix_padding_ms', 'silence_duration_ms'] as const) {
    if (value[field] === undefined) continue;
    if (!isInt(value[field], 0, 10_000)) return undefined;
    vad[field] = value[field] as number;
  }
  return checkResponseFlags(value, vad);
}

function checkSemanticVad(value: Json): SemanticVad | undefined {
  const vad: SemanticVad = { type: 'semantic_vad' };
  if (value.eagerness !== undefined) {
    if (!isEagerness(value.eagerness)) return undefined;
    vad.eagerness = value.eagerness;
  }
  return checkResponseFlags(value, vad);
}

export const isEagerness = (value: unknown): value is Eagerness => (EAGERNESS_LEVELS as readonly unknown[]).includes(value);

function checkResponseFlags<T extends ServerVad | SemanticVad>(value: Json, vad: T): T | undefined {
  for (const field of ['create_response', 'interrupt_response'] as const) {
    if (value[field] === undefined) continue;
    if (typeof value[field] !== 'boolean') return undefined;
    vad[field] = value[field] as boolean;
  }
  return vad;
}

export function clampTemperature(value: number): number {
  return Math.round(Math.min(TEMPERATURE_MAX, Math.max(TEMPERATURE_MIN, value)) * 10) / 10;
}
