// The group's blasts while the page is open: the latest of each kind, and any still running polled until done
// (PRODUCT §6). The loader's list (GET /api/blasts?groupId=) seeds it, so a reload finds a blast still running.
import { useCallback, useEffect, useRef, useState } from 'react'

import { fetchBlast, type Blast, type BlastKind, type BlastStarted } from '@/features/groups/blast-api'
import { blastProgress, bulkFailureTitle, plural, timeOf } from '@/features/groups/texts'
import { notify } from '@/lib/notify'

export const BLAST_POLL_MS = 1_000

export const BLAST_LABELS: Record<BlastKind, { title: string; channel: 'sms' | 'email' }> = {
  'invite-sms': { title: 'Initiation SMS', channel: 'sms' },
  'invite-email': { title: 'Initiation Email', channel: 'email' },
  'assignment-sms': { title: 'Assignment SMS', channel: 'sms' },
  'assignment-email': { title: 'Assignment Email', channel: 'email' },
}

type Latest = Partial<Record<BlastKind, Blast>>

function latestOf(blasts: readonly Blast[]): Latest {
  const latest: Latest = {}
  // Newest first: the first of each kind is its latest.
  for (const blast of blasts) latest[blast.kind] ??= blast
  return latest
}

/**
 * Tells the admin how a blast they watched ended: SPEC §8's bulk failure text, how many it reached, or, with no
 * provider configured, that the messages were kept in the outbox (never "sent").
 */
function announce(blast: Blast) {
  const { title, channel } = BLAST_LABELS[blast.kind]
  const progress = blastProgress(blast.counts, blast.total)
  const failed = progress.failed + progress.unknown
  const skipped = progress.skipped ? `${plural(progress.skipped, 'member')} skipped` : undefined
  if (failed > 0) {
    const lines = blast.failures.map((f) => `${f.name}: ${f.error}`)
    notify.bulkFailures(bulkFailureTitle(channel, failed, progress.total), lines.length ? lines : [`${plural(failed, 'message')} not sent`])
  } else if (progress.kept > 0 && progress.sent === 0) {
    notify.info(`${title} kept in the outbox for ${plural(progress.kept, 'member')}`, {
      description: [`No ${channel === 'sms' ? 'SMS' : 'e-mail'} provider configured: nothing was sent.`, skipped].filter(Boolean).join(' '),
    })
  } else {
    notify.success(`${title} sent to ${plural(progress.sent, 'member')}`, { description: skipped })
  }
}

export function useBlasts(initial: readonly Blast[]) {
  const [latest, setLatest] = useState<Latest>(() => latestOf(initial))
  // Blasts started or still running on this page: only their ending is announced.
  const watched = useRef(new Set(initial.filter((b) => !b.done).map((b) => b.campaignId)))

  useEffect(() => {
    // A fresh load (reload, invalidate): keep what we watch, take newer news from the server.
    setLatest((current) => {
      const next = latestOf(initial)
      for (const kind of Object.keys(current) as BlastKind[]) {
        const mine = current[kind]
        const theirs = next[kind]
        // Ours is newer when the server's list does not have it yet (a blast started a moment ago).
        if (mine && (!theirs || (theirs.campaignId !== mine.campaignId && timeOf(theirs.startedAt) < timeOf(mine.startedAt))))
          next[kind] = mine
      }
      return next
    })
    for (const blast of initial) {
      if (!blast.done) watched.current.add(blast.campaignId)
      // One we watched ended between two polls and a reload of the page's data brought the news.
      else if (watched.current.delete(blast.campaignId)) announce(blast)
    }
  }, [initial])

  const running = Object.values(latest).filter((b): b is Blast => b !== undefined && !b.done)
  const runningIds = running.map((b) => b.campaignId).join(',')

  useEffect(() => {
    if (!runningIds) return
    const controller = new AbortController()
    const timer = setTimeout(async () => {
      const updates = await Promise.allSettled(runningIds.split(',').map((id) => fetchBlast(id, { signal: controller.signal })))
      if (controller.signal.aborted) return
      const fresh = updates.flatMap((u) => (u.status === 'fulfilled' ? [u.value] : []))
      setLatest((current) => {
        const next = { ...current }
        for (const blast of fresh) if (next[blast.kind]?.campaignId === blast.campaignId) next[blast.kind] = blast
        return next
      })
      for (const blast of fresh) {
        if (blast.done && watched.current.delete(blast.campaignId)) announce(blast)
      }
      // A failed poll (network) leaves the state as it was; the effect runs again on the next change only, so nudge it.
      if (fresh.length < updates.length) setLatest((current) => ({ ...current }))
    }, BLAST_POLL_MS)
    return () => {
      controller.abort()
      clearTimeout(timer)
    }
  }, [runningIds, latest])

  /** A blast just started: show it at once (its recipients queued, the rest skipped, as the preview said) and watch it until done. */
  const track = useCallback((started: BlastStarted, groupId: string) => {
    watched.current.add(started.campaignId)
    const blast: Blast = {
      campaignId: started.campaignId,
      groupId,
      kind: started.kind,
      total: started.total,
      counts: {
        queued: started.recipients,
        sending: 0,
        sent: 0,
        kept: 0,
        delivered: 0,
        undelivered: 0,
        failed: 0,
        skipped: started.total - started.recipients,
        unknown: 0,
      },
      done: false,
      failures: [],
      skipped: [],
      retrying: 0,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    }
    setLatest((current) => ({ ...current, [started.kind]: blast }))
  }, [])

  return { latest, track }
}
