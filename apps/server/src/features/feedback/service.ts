import type { AppDeps } from '../../deps';
import type { Identity } from '../../plugins/auth';
import { Invalid, TooLarge } from '../../errors';
import { rateLimit } from '../../plugins/rate-limit';
import { MAX_TRANSCRIPT_BYTES } from '../post-chat/transcript';
import { LOCAL_TRANSCRIPTION_MEMBER_TEXT, LOCAL_TRANSCRIPTION_TEXT } from '../../providers/transcription';
import type { ConfirmedFeedbackBody, SavedFeedbackAnswer, TranscriptionAnswer } from './model';
import * as repo from './repository';

/** SPEC §8's text for a recording that cannot be used. */
export const FEEDBACK_AUDIO_ERROR =
  "Error processing feedback. Please check that your microphone is working properly and that you haven't sent an empty audio. If the problem persists, try reloading the page.";
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
/**
 * Stored feedback per identity and hour: a person sends a few; a script sent 11.7 MB in 2.3 s. With the caps on
 * one feedback (10,000 characters of text, 200 KB of included conversation) an identity adds at most ~2 MB an hour.
 */
export const CONFIRMED_FEEDBACK_PER_HOUR = 10;

const EXTENSION_BY_TYPE: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/vnd.wave': 'wav',
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/m4a': 'm4a',
  'audio/aac': 'm4a',
  'video/mp4': 'mp4',
  'audio/flac': 'flac',
  'audio/x-flac': 'flac',
};
const AUDIO_EXTENSIONS = new Set(['wav', 'webm', 'ogg', 'oga', 'mp3', 'mpga', 'mpeg', 'm4a', 'mp4', 'flac']);

/** The container by its first bytes: browsers label recordings loosely (Safari's mp4 named audio.wav…). */
function sniffAudio(head: Uint8Array): string | null {
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WAVE') return 'wav';
  if (head[0] === 0x1a && head[1] === 0x45 && head[2] === 0xdf && head[3] === 0xa3) return 'webm';
  if (ascii(0, 4) === 'OggS') return 'ogg';
  if (ascii(0, 4) === 'fLaC') return 'flac';
  if (ascii(4, 8) === 'ftyp') return 'm4a';
  if (ascii(0, 3) === 'ID3' || (head[0] === 0xff && (head[1] & 0xe0) === 0xe0)) return 'mp3';
  return null;
}

/** The first file of a multipart form, whatever its field name (SPEC names only the file, audio.wav). */
function firstFile(body: unknown): File | null {
  if (!body || typeof body !== 'object') return null;
  for (const value of Object.values(body).flat()) if (value instanceof Blob) return value as File;
  return null;
}

/** Transcribes spoken feedback in memory; the audio is dropped when this returns. */
export async function transcribeFeedback(deps: AppDeps, identity: Identity, body: unknown): Promise<TranscriptionAnswer> {
  const file = firstFile(body);
  if (!file || file.size === 0) throw new Invalid(FEEDBACK_AUDIO_ERROR);
  if (file.size > MAX_AUDIO_BYTES) throw new TooLarge('The recording is too large (at most 25 MB)');
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = (file.type || '').split(';')[0].trim().toLowerCase();
  const declared = (file.name ?? '').split('.').pop()?.toLowerCase() ?? '';
  const looselyTyped = !type || type === 'application/octet-stream' || type.startsWith('audio/');
  const extension =
    sniffAudio(bytes.subarray(0, 16)) ?? EXTENSION_BY_TYPE[type] ?? (looselyTyped && AUDIO_EXTENSIONS.has(declared) ? declared : null);
  if (!extension) throw new Invalid('The recording must be an audio file (wav, webm, ogg, mp3, m4a or flac)');
  await rateLimit(deps.db, `feedback:${identity.kind}:${identity.id}`, 30, 3600);
  const result = await deps.providers.transcription.transcribe({
    bytes,
    fileName: `feedback.${extension}`,
    mimeType: type && type !== 'application/octet-stream' ? type : `audio/${extension}`,
  });
  if (result.transcribed) return { text: result.text };
  // PRODUCT §5: the local result says what it is; its sentence is not the person's words, so `text` stays empty.
  // Staff read why (the missing key); a member reads it in plain words.
  return { text: '', transcribed: false, local: true, message: identity.kind === 'staff' ? result.text : LOCAL_TRANSCRIPTION_MEMBER_TEXT };
}

/** The local provider's sentence (or its start), sent back as if someone had said it. */
function isLocalPlaceholder(feedback: string): boolean {
  const placeholderStart = LOCAL_TRANSCRIPTION_TEXT.split(':')[0];
  return (
    feedback === LOCAL_TRANSCRIPTION_TEXT ||
    feedback === LOCAL_TRANSCRIPTION_MEMBER_TEXT ||
    feedback.replace(/[.\s]+$/, '') === placeholderStart
  );
}

function hasContent(conversation: unknown): boolean {
  if (typeof conversation === 'string') return conversation.trim() !== '';
  return Array.isArray(conversation) && conversation.length > 0;
}

export async function saveFeedback(deps: AppDeps, identity: Identity, body: ConfirmedFeedbackBody): Promise<SavedFeedbackAnswer> {
  const feedback = body.feedback.trim();
  if (!feedback) throw new Invalid('The feedback is empty');
  if (isLocalPlaceholder(feedback)) {
    throw new Invalid("This is the local provider's transcription notice, not feedback: nothing was stored");
  }
  const conversation = hasContent(body.lastConversation) ? body.lastConversation : null;
  if (conversation !== null && new TextEncoder().encode(JSON.stringify(conversation)).byteLength > MAX_TRANSCRIPT_BYTES) {
    throw new TooLarge('The conversation is too large to include (at most 200 KB)');
  }
  await rateLimit(deps.db, `confirmed-feedback:${identity.kind}:${identity.id}`, CONFIRMED_FEEDBACK_PER_HOUR, 3600);
  const { id } = await repo.insertFeedback(deps.db, {
    userId: identity.kind === 'user' ? identity.id : null,
    staffId: identity.kind === 'staff' ? identity.id : null,
    feedback,
    sequence: body.selectedSequence?.trim() || null,
    version: body.selectedVersion === null || body.selectedVersion === undefined ? null : String(body.selectedVersion),
    lastConversation: conversation,
  });
  return { ok: true, id };
}
