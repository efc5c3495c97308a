import OpenAI, { toFile } from 'openai';
import type { Config } from '../config';
import { log } from '../log';
import { ProviderUnavailable } from '../errors';

export const LOCAL_TRANSCRIPTION_TEXT =
  'Transcription needs OPENAI_API_KEY: this server runs the local provider, so spoken feedback cannot be turned into text.';
/** The same fact in a member's words: configuration is staff business (issue 21 §15). */
export const LOCAL_TRANSCRIPTION_MEMBER_TEXT = "Spoken feedback can't be written down here yet. Thank you for wanting to share it.";

/** Spoken feedback to text. The audio stays in memory: it is never written to disk or the database. */
export interface Transcription {
  kind: 'openai' | 'local';
  transcribe(audio: { bytes: Uint8Array; fileName: string; mimeType: string }): Promise<{ text: string; transcribed: boolean }>;
}

export function createTranscription(config: Config): Transcription {
  if (!config.openaiApiKey) {
    return { kind: 'local', transcribe: async () => ({ text: LOCAL_TRANSCRIPTION_TEXT, transcribed: false }) };
  }
  const client = new OpenAI({ apiKey: config.openaiApiKey, baseURL: config.openaiBaseUrl, maxRetries: 2, timeout: 300_000 });
  return {
    kind: 'openai',
    async transcribe({ bytes, fileName, mimeType }) {
      try {
        const file = await toFile(bytes, fileName, { type: mimeType });
        const res = await client.audio.transcriptions.create({ file, model: config.openaiTranscribeModel });
        return { text: res.text.trim(), transcribed: true };
      } catch (err) {
        log.warn('transcription failed', { status: (err as { status?: number }).status, error: (err as Error)?.name });
        throw new ProviderUnavailable('The transcription service has problems right now. Please try again later.');
      }
    },
  };
}
