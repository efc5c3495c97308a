// The assistant's side of a live conversation: which response and item are playing, and barge-in
// (SPEC §4: the response in progress is tracked so it can be cancelled; PRODUCT §4: truncate with the
// milliseconds actually heard). A response may hold several items (a reasoning model's spoken preamble, then its
// final answer, issue 23): they play back to back, the item being heard is truncated where it was, and a later
// item of the same response that was never heard is truncated to 0 ms, so the model does not take it as said.
import { type BrowserEvent, type ServerMessage } from '@hearth/protocol'

import type { VoiceAudio } from '@/voice/audio-engine'
import type { VoiceMetrics } from '@/voice/voice-metrics'

export interface AssistantPlaybackHost {
  audio(): VoiceAudio | null
  send(event: BrowserEvent): void
  /** Truncates are only worth sending while the conversation goes on. */
  connected(): boolean
  onError(error: Error): void
  metrics: VoiceMetrics
}

export class AssistantPlayback {
  /** The response being generated. */
  private responseId: string | null = null
  /** The assistant item whose audio is arriving, and items cut off by an interruption (late deltas dropped). */
  private audioItemId: string | null = null
  private readonly interruptedItems = new Set<string>()
  /** The latest response's items that had audio, in order, and the items the playback worklet started. */
  private responseItems: ResponseItems = { responseId: null, itemIds: [] }
  private readonly startedItems = new RecentSet()
  /** Responses cut off by an interruption: items of theirs that still arrive are never played. */
  private readonly cutResponses = new RecentSet()
  /** What a dropped connection cut off: the response then in progress and what of its item was heard. */
  private cut: {
    responseId: string | null
    heard: Promise<{ itemId: string; audioEndMs: number } | null>
    /** Items of the cut-off response that had audio (see unheard()). */
    itemIds: string[]
  } | null = null

  constructor(private readonly host: AssistantPlaybackHost) {}

  /** Follows responses and plays their audio; other events are ignored. */
  handle(event: ServerMessage): void {
    switch (event.type) {
      case 'response.output_audio.delta':
        if (this.cutResponses.has(event.response_id) && !this.interruptedItems.has(event.item_id)) this.lateItem(event.item_id)
        if (!this.interruptedItems.has(event.item_id)) {
          this.audioItemId = event.item_id
          this.noteAudio(event.response_id, event.item_id)
          this.host.audio()?.playback.appendBase64(event.item_id, event.delta)
        }
        break
      case 'response.output_audio.done':
        this.host.audio()?.playback.endItem(event.item_id)
        if (this.audioItemId === event.item_id) this.audioItemId = null
        break
      case 'response.created':
        this.responseId = event.response.id
        this.responseItems = { responseId: event.response.id, itemIds: [] }
        break
      case 'response.done':
        if (this.responseId === event.response.id) this.responseId = null
        break
      case 'hearth.continued':
        // The relay's upstream session ended, the socket stays open: the cut answer stops, and is not truncated
        // since its items went with that session.
        if (event.phase === 'restarting') {
          this.silence()
          this.forgetCut()
        }
        break
    }
  }

  /**
   * Silences playback within one render quantum, cancels the response in progress and tells the server how
   * much of the item was heard (`conversation.item.truncate`), so the model knows where it was cut off.
   */
  async interrupt(): Promise<void> {
    const { host } = this
    const audio = host.audio()
    if (!audio) return
    const startedMs = performance.now()
    // The worklet is told first: a socket send can stall the main thread for a while on a busy machine.
    const interrupting = audio.playback.interrupt()
    const cut = this.cutOff()
    if (this.responseId) {
      // Cancel errors for a response that already ended are expected and ignored (SPEC §4).
      host.send({ type: 'response.cancel' })
      host.metrics.count('cancelsSent')
    }
    let interrupted
    try {
      interrupted = await interrupting
    } catch (error) {
      host.onError(error instanceof Error ? error : new Error(String(error)))
      return
    }
    if (interrupted.itemId) {
      // The silent quantum is rendered by the next device callback, or was by the latest one: either way the
      // clock read now, as the reply arrives, places it.
      host.metrics.interrupted(startedMs, audio.renderedAtMs(interrupted.silentFromS), interrupted.sampleCount)
      this.interruptedItems.add(interrupted.itemId)
    }
    if (!host.connected()) return
    if (interrupted.itemId) this.truncate(interrupted.itemId, interrupted.audioEndMs)
    for (const itemId of this.unheard(cut, interrupted.itemId)) this.truncate(itemId, 0)
  }

  /** The playback worklet rendered the first sample of `itemId`: from now on it has been heard. */
  itemStarted(itemId: string): void {
    this.startedItems.add(itemId)
    this.host.metrics.itemStarted(itemId)
  }

  /**
   * The connection dropped: playback stops at once and what is left of the cut-off item is not played when the
   * connection comes back. Nothing is sent (there is no socket to send on); what the person heard is kept for
   * afterResume().
   */
  silence(): void {
    const audio = this.host.audio()
    const responseId = this.responseId
    const cut = this.cutOff()
    this.reset()
    const heard = audio?.playback.interrupt().then(
      (interrupted) => {
        if (interrupted.itemId) this.interruptedItems.add(interrupted.itemId)
        return interrupted.itemId ? { itemId: interrupted.itemId, audioEndMs: interrupted.audioEndMs } : null
      },
      (error: unknown) => {
        this.host.onError(error instanceof Error ? error : new Error(String(error)))
        return null
      },
    )
    this.cut = { responseId, heard: heard ?? Promise.resolve(null), itemIds: cut }
  }

  /**
   * The same conversation came back after a drop: the answer the drop cut off is cancelled (if it was still
   * being generated; a cancel for one that ended meanwhile is the error SPEC §4 says to ignore) and truncated to
   * what the person heard, as a barge-in would, so the model does not take the unheard rest as said.
   */
  async afterResume(): Promise<void> {
    const cut = this.cut
    this.cut = null
    if (!cut) return
    if (cut.responseId) {
      this.host.send({ type: 'response.cancel' })
      this.host.metrics.count('cancelsSent')
    }
    const heard = await cut.heard
    if (!this.host.connected()) return
    if (heard) this.truncate(heard.itemId, heard.audioEndMs)
    for (const itemId of this.unheard(cut.itemIds, heard?.itemId ?? null)) this.truncate(itemId, 0)
  }

  /** A new upstream session replaced the dropped one: its items are gone, so nothing is truncated. */
  forgetCut(): void {
    this.cut = null
  }

  reset(): void {
    this.responseId = null
    this.audioItemId = null
    this.cut = null
    this.responseItems = { responseId: null, itemIds: [] }
  }

  /**
   * Playback is being stopped: nothing more of the latest response is played (its later items may still be on
   * their way). Returns its items that had audio, in order.
   */
  private cutOff(): string[] {
    if (this.audioItemId) this.interruptedItems.add(this.audioItemId)
    // Only a response still being generated can send more items.
    if (this.responseId) this.cutResponses.add(this.responseId)
    const { itemIds } = this.responseItems
    for (const itemId of itemIds) this.interruptedItems.add(itemId)
    // Dealt with once: a later interruption (nothing playing) truncates none of them again.
    this.responseItems = { responseId: this.responseItems.responseId, itemIds: [] }
    return itemIds
  }

  /**
   * Of the cut-off items, those the worklet never started: not one sample heard. Asked once its interrupt reply is
   * in, so every 'item-started' it posted before has been seen. `heardItemId` (cut part-way) is truncated apart.
   */
  private unheard(itemIds: string[], heardItemId: string | null): string[] {
    return itemIds.filter((itemId) => itemId !== heardItemId && !this.startedItems.has(itemId))
  }

  private noteAudio(responseId: string, itemId: string): void {
    if (this.responseItems.responseId !== responseId) this.responseItems = { responseId, itemIds: [] }
    if (!this.responseItems.itemIds.includes(itemId)) this.responseItems.itemIds.push(itemId)
  }

  /**
   * Audio of a new item of a response that was already cut off (sent before the cancel reached the model): it is
   * never played, and the model is told it was not heard at all.
   */
  private lateItem(itemId: string): void {
    this.interruptedItems.add(itemId)
    if (this.host.connected()) this.truncate(itemId, 0)
  }

  private truncate(itemId: string, audioEndMs: number): void {
    this.host.send({ type: 'conversation.item.truncate', item_id: itemId, content_index: 0, audio_end_ms: audioEndMs })
    this.host.metrics.count('truncatesSent')
  }
}

interface ResponseItems {
  responseId: string | null
  itemIds: string[]
}

/** A set that keeps its newest entries only (ids of a long conversation). */
class RecentSet {
  private readonly entries = new Set<string>()
  constructor(private readonly limit = 64) {}

  add(value: string): void {
    this.entries.delete(value)
    this.entries.add(value)
    if (this.entries.size > this.limit) this.entries.delete(this.entries.values().next().value as string)
  }

  has(value: string): boolean {
    return this.entries.has(value)
  }
}
