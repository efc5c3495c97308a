// The assistant's side of a live conversation: which response and item are playing, and barge-in
// (SPEC §4: the response in progress is tracked so it can be cancelled; PRODUCT §4: truncate with the
// milliseconds actually heard).
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
  /** What a dropped connection cut off: the response then in progress and what of its item was heard. */
  private cut: { responseId: string | null; heard: Promise<{ itemId: string; audioEndMs: number } | null> } | null = null

  constructor(private readonly host: AssistantPlaybackHost) {}

  /** Follows responses and plays their audio; other events are ignored. */
  handle(event: ServerMessage): void {
    switch (event.type) {
      case 'response.output_audio.delta':
        if (!this.interruptedItems.has(event.item_id)) {
          this.audioItemId = event.item_id
          this.host.audio()?.playback.appendBase64(event.item_id, event.delta)
        }
        break
      case 'response.output_audio.done':
        this.host.audio()?.playback.endItem(event.item_id)
        if (this.audioItemId === event.item_id) this.audioItemId = null
        break
      case 'response.created':
        this.responseId = event.response.id
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
    if (this.audioItemId) this.interruptedItems.add(this.audioItemId)
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
    if (!interrupted.itemId) return
    // The silent quantum is rendered by the next device callback, or was by the latest one: either way the
    // clock read now, as the reply arrives, places it.
    host.metrics.interrupted(startedMs, audio.renderedAtMs(interrupted.silentFromS), interrupted.sampleCount)
    this.interruptedItems.add(interrupted.itemId)
    if (!host.connected()) return
    host.send({
      type: 'conversation.item.truncate',
      item_id: interrupted.itemId,
      content_index: 0,
      audio_end_ms: interrupted.audioEndMs,
    })
    host.metrics.count('truncatesSent')
  }

  /**
   * The connection dropped: playback stops at once and what is left of the cut-off item is not played when the
   * connection comes back. Nothing is sent (there is no socket to send on); what the person heard is kept for
   * afterResume().
   */
  silence(): void {
    const audio = this.host.audio()
    const responseId = this.responseId
    if (this.audioItemId) this.interruptedItems.add(this.audioItemId)
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
    this.cut = { responseId, heard: heard ?? Promise.resolve(null) }
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
    if (!heard || !this.host.connected()) return
    this.host.send({ type: 'conversation.item.truncate', item_id: heard.itemId, content_index: 0, audio_end_ms: heard.audioEndMs })
    this.host.metrics.count('truncatesSent')
  }

  /** A new upstream session replaced the dropped one: its items are gone, so nothing is truncated. */
  forgetCut(): void {
    this.cut = null
  }

  reset(): void {
    this.responseId = null
    this.audioItemId = null
    this.cut = null
  }
}
