import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../deps';
import { Invalid } from '../../errors';
import { INPUT } from '../../providers/text-ai';
import { personalLinkPlaceholder } from '../messages/outbox';
import { requireUser, runTask } from './steps';
import { clip, formatTranscript, requireContent, type TranscriptLine } from './transcript';

/**
 * The recap, tagline and reminder SMS of a chat (SPEC §4). The provider writes the text, the server adds the
 * only link; each goes through the outbox under a key per (session, user, kind), so it is sent once.
 */

export type SmsKind = 'recap' | 'tagline' | 'reminder';

const MAX_SMS_CHARS = 640;

/** Model text made fit for an SMS: no links or placeholders (the server adds the only link), one paragraph. */
export function cleanSmsText(text: string): string {
  return clip(
    text
      .replace(/https?:\/\/\S+|www\.\S+/gi, '')
      .replace(/[[{<(]\s*(link|url|your link|personal link)\s*[\]}>)]/gi, '')
      .replace(/^["'“”\s]+|["'“”\s]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim(),
    MAX_SMS_CHARS,
  );
}

async function smsRecipient(deps: AppDeps, userId: string) {
  const user = await requireUser(deps, userId);
  if (!user.phone_number) throw new Invalid('This user has no phone number, so no text message can be sent');
  if (user.sms_opt_out) throw new Invalid('This user has opted out of text messages');
  return { ...user, phone_number: user.phone_number };
}

async function enqueueSms(deps: AppDeps, user: { id: string; phone_number: string }, kind: SmsKind, body: string, voiceSessionId?: string) {
  const ids = await deps.outbox.enqueue(deps.db, [
    {
      uniqueKey: `post-chat:${voiceSessionId ?? randomUUID()}/${user.id}/${kind}`,
      userId: user.id,
      channel: 'sms',
      kind,
      to: user.phone_number,
      body,
    },
  ]);
  return { id: ids[0] ?? null };
}

export interface SmsOptions {
  voiceSessionId?: string;
}

export async function sendRecapSms(deps: AppDeps, userId: string, transcript: TranscriptLine[], opts: SmsOptions = {}) {
  requireContent(transcript);
  const user = await smsRecipient(deps, userId);
  const { text } = await runTask(deps, 'convo_recap_sms', [
    [INPUT.name, user.name],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  return enqueueSms(deps, user, 'recap', cleanSmsText(text), opts.voiceSessionId);
}

export async function sendTaglineSms(deps: AppDeps, userId: string, transcript: TranscriptLine[], opts: SmsOptions = {}) {
  requireContent(transcript);
  const user = await smsRecipient(deps, userId);
  const { text } = await runTask(deps, 'tagline_sms', [
    [INPUT.name, user.name],
    [INPUT.transcript, formatTranscript(transcript)],
  ]);
  const tagline = clip(cleanSmsText(text), 200);
  return { ...(await enqueueSms(deps, user, 'tagline', `Your Hearth tagline: ${tagline}`, opts.voiceSessionId)), tagline };
}

/** A link the server may send: on PUBLIC_URL's origin only, so no SMS ever carries someone else's link. */
export function ownSiteUrl(deps: AppDeps, userUrl: string): string {
  let url: URL;
  try {
    url = new URL(userUrl);
  } catch {
    throw new Invalid('userUrl must be a full link to this site');
  }
  if (url.origin !== new URL(deps.config.publicUrl).origin) throw new Invalid('userUrl must be a link to this site');
  return url.toString();
}

/**
 * The reminder SMS. `link` is a URL on this site (the REST call's userUrl) or `{ module }`: then the message
 * carries the user's own personal link, whose token is issued only when the SMS is sent.
 */
export async function sendReminderSms(
  deps: AppDeps,
  userId: string,
  link: string | { module: string },
  opts: SmsOptions & { transcript?: TranscriptLine[] } = {},
) {
  const url = typeof link === 'string' ? ownSiteUrl(deps, link) : personalLinkPlaceholder(link.module);
  const user = await smsRecipient(deps, userId);
  const { text } = await runTask(deps, 'reminder_sms', [
    [INPUT.name, user.name],
    [INPUT.transcript, formatTranscript(opts.transcript ?? [])],
  ]);
  return enqueueSms(deps, user, 'reminder', `${cleanSmsText(text)}\n${url}`, opts.voiceSessionId);
}
