import type { Config } from '../config';
import { createEmailProvider, type EmailProvider } from './email';
import { createSmsProvider, type SmsProvider } from './sms';
import { createTextAi, type TextAi } from './text-ai';
import { createTranscription, type Transcription } from './transcription';

/** Each outside service behind one interface; real when configured, local when not (PRODUCT.md §5). */
export interface Providers {
  realtime: { kind: 'openai' | 'local' };
  text: TextAi;
  sms: SmsProvider;
  email: EmailProvider;
  transcription: Transcription;
}

export function createProviders(config: Config): Providers {
  return {
    realtime: { kind: config.openaiApiKey ? 'openai' : 'local' },
    text: createTextAi(config),
    sms: createSmsProvider(config),
    email: createEmailProvider(config),
    transcription: createTranscription(config),
  };
}

export function describeProviders(p: Providers) {
  return { realtime: p.realtime.kind, text: p.text.kind, sms: p.sms.kind, email: p.email.kind };
}
