// Words for the outbox's kinds and states, as the Messages view shows them.
import type { MESSAGE_KINDS, MESSAGE_STATUSES } from '../../../../server/src/features/messages/model'

import { formatDateTime, type DateLike } from '@/lib/dates'

export type MessageStatus = (typeof MESSAGE_STATUSES)[number]
export type MessageKind = (typeof MESSAGE_KINDS)[number]

/** The view's page and filters, as they sit in the URL. */
export type MessagesSearch = { page?: number; status?: MessageStatus; kind?: MessageKind; groupId?: string }

export const STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  kept: 'Kept in outbox',
  delivered: 'Delivered',
  undelivered: 'Undelivered',
  failed: 'Failed',
  skipped: 'Skipped',
  unknown: 'Unknown',
}

export const KIND_LABELS: Record<MessageKind, string> = {
  'invite-sms': 'Invitation SMS',
  'invite-email': 'Invitation e-mail',
  'assignment-sms': 'Assignment SMS',
  'assignment-email': 'Assignment e-mail',
  recap: 'Recap SMS',
  tagline: 'Tagline SMS',
  reminder: 'Reminder SMS',
  'met-sms': 'Did-you-meet SMS',
  'met-email': 'Did-you-meet e-mail',
}

/** What a state means, for the filter and the badge's tooltip. */
export const STATUS_HINTS: Record<MessageStatus, string> = {
  queued: 'Waiting to be sent',
  sending: 'Being sent now',
  sent: 'Handed to the provider',
  kept: 'Kept in the outbox — no SMS or e-mail provider configured: it went to nobody',
  delivered: 'The provider reported it delivered',
  undelivered: 'The provider reported it could not be delivered',
  failed: 'Could not be sent',
  skipped: 'Not sent on purpose (no address, opted out, no subgroup)',
  unknown: 'The send was cut off by a restart: it may or may not have arrived. Not retried.',
}

export type Tone = 'good' | 'bad' | 'waiting' | 'muted' | 'warning' | 'info'

/** What 'kept' means for a message of this channel: nothing left the server, and why. */
export const keptText = (channel: string) => `Kept in the outbox — no ${channel === 'email' ? 'e-mail' : 'SMS'} provider configured`

/** The hint for a message's state, worded for its channel where that matters. */
export const statusHint = (message: { status: string; channel: string }) =>
  message.status === 'kept' ? `${keptText(message.channel)}: it went to nobody` : STATUS_HINTS[message.status as MessageStatus]

/** The state as a person reads it: a queued message whose last attempt failed is retrying. */
export function statusOf(message: { status: string; retrying: boolean }): { label: string; tone: Tone } {
  const status = message.status as MessageStatus
  if (status === 'queued' && message.retrying) return { label: 'Retrying', tone: 'warning' }
  const tone: Tone =
    status === 'sent' || status === 'delivered'
      ? 'good'
      : status === 'failed' || status === 'undelivered'
        ? 'bad'
        : status === 'unknown'
          ? 'warning'
          : status === 'skipped'
            ? 'muted'
            : status === 'kept'
              ? 'info'
              : 'waiting'
  return { label: STATUS_LABELS[status] ?? message.status, tone }
}

export const kindLabel = (kind: string) => KIND_LABELS[kind as MessageKind] ?? kind

/** A date as every screen shows one (lib/dates), or a dash for none. */
export const formatWhen = (value: DateLike): string => formatDateTime(value) || '—'
