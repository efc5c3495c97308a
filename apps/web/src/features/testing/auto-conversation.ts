// The automatic conversation of the testing page (SPEC §2, §4, §7): after each assistant message the second
// model (POST /api/get-response) answers it, and its reply goes into the voice session as the person's text
// 100 ms later; when the assistant has spoken `limit` messages the run stops. No React: the page feeds it the
// server's events, and it acts through the functions it is given.
import type { ServerMessage } from '@hearth/protocol'

/** SPEC §7: the second model's reply is sent 100 ms after it arrives. */
export const REPLY_DELAY_MS = 100

export interface AutoConversationHost {
  /** SPEC §9: at least 1. */
  limit: number
  reply(message: string): Promise<string>
  sendText(text: string): void
  /** A response already running (e.g. the microphone's turn) answers instead; the next message continues. */
  responseInProgress(): boolean
  connected(): boolean
  /** The limit was reached: the page disconnects with 'Limit of messages reached'. */
  stop(): void
  onError(error: unknown): void
  wait?(ms: number): Promise<void>
}

export class AutoConversation {
  private assistantMessages = 0
  private stopped = false

  constructor(private readonly host: AutoConversationHost) {}

  get count(): number {
    return this.assistantMessages
  }

  /** Feed every server event; only a finished response with an assistant message does anything. */
  handle(event: ServerMessage): void {
    if (this.stopped || event.type !== 'response.done') return
    // A reasoning model's spoken preamble (phase 'commentary') comes before the message that answers: not counted.
    const messages = event.response.output.filter(
      (item) => item.type === 'message' && item.role === 'assistant' && item.phase !== 'commentary',
    )
    if (messages.length === 0) return
    this.assistantMessages += messages.length
    if (this.assistantMessages >= this.host.limit) {
      this.stopped = true
      this.host.stop()
      return
    }
    // An interrupted answer is not answered: whoever interrupted it has the turn.
    if (event.response.status !== 'completed') return
    const last = messages.at(-1)
    const text =
      last?.type === 'message'
        ? last.content
            .map((part) => ('text' in part ? part.text : (part.transcript ?? '')))
            .join(' ')
            .trim()
        : ''
    if (text) void this.answer(text)
  }

  /** The run ended some other way (disconnect, lost connection): nothing more is sent. */
  cancel(): void {
    this.stopped = true
  }

  private async answer(message: string): Promise<void> {
    const { host } = this
    try {
      const reply = await host.reply(message)
      await (host.wait ?? sleep)(REPLY_DELAY_MS)
      if (this.stopped || !host.connected() || !reply.trim() || host.responseInProgress()) return
      host.sendText(reply)
    } catch (error) {
      if (!this.stopped) host.onError(error)
    }
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
