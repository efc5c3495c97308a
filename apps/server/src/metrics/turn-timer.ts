import type { UpstreamHandlers } from '../realtime/upstream';
import { relayAdded, turnLatency } from './relay-metrics';

const AUDIO_DELTA = 'response.output_audio.delta';
const ITEM_ID = /"item_id":"([^"]{1,100})"/;

/** One answered turn as the relay timed it (performance.now() milliseconds), for its trace (turn-trace.ts). */
export interface RelayTurn {
  /** The answering item's id, which the page's audio deltas carry too ('' if the delta named none). */
  turnId: string;
  turnEndedAt: number;
  receivedAt: number;
  sentAt: number;
}

/**
 * One voice session's turn timing (PRODUCT §12) from the upstream events the relay passes on: when the member's
 * turn ended (speech stopped, or the buffer committed for push-to-talk) and when the next answer's first audio
 * went to the page. Only the first audio delta of each response is timed, so an audio frame costs one check.
 */
export class TurnTimer {
  /** performance.now() when the member's turn ended; 0 while no turn waits for its answer. */
  private turnEndedAt = 0;
  /** A response started and none of its audio has gone to the page yet. */
  private awaitingAudio = false;

  /**
   * `listening`: a page is attached and the session goes on (audio to nobody is not a turn anyone heard).
   * `traces`: told each answered turn's timestamps, once its first audio went to the page (turn-trace.ts).
   */
  constructor(
    private readonly listening: () => boolean,
    private readonly traces?: { relayed(turn: RelayTurn): void },
  ) {}

  /** The page ended the member's turn itself (push-to-talk commit, typed turn's response.create) as the relay sent it up. */
  clientEnded(type: string) {
    if (this.turnEndedAt === 0 && (type === 'input_audio_buffer.commit' || type === 'response.create'))
      this.turnEndedAt = performance.now();
  }

  /** The session's upstream handlers, timed: the session relays as before. */
  wrap(handlers: UpstreamHandlers): UpstreamHandlers {
    return {
      onOpen: handlers.onOpen,
      onFailure: handlers.onFailure,
      onEvent: (event, raw) => {
        // The local provider sends its audio as events; OpenAI's come through onAudio.
        if (event.type === AUDIO_DELTA && this.awaitingAudio)
          return this.firstAudio(() => handlers.onEvent(event, raw), String(event.item_id ?? ''));
        this.observe(event.type);
        handlers.onEvent(event, raw);
      },
      onAudio: (raw) => {
        if (this.awaitingAudio) return this.firstAudio(() => handlers.onAudio(raw), ITEM_ID.exec(raw)?.[1] ?? '');
        handlers.onAudio(raw);
      },
    };
  }

  private observe(type: string) {
    switch (type) {
      case 'input_audio_buffer.speech_started':
        // The member talks (again): the turn to time ends later.
        this.turnEndedAt = 0;
        break;
      case 'input_audio_buffer.speech_stopped':
      case 'input_audio_buffer.committed':
        if (this.turnEndedAt === 0) this.turnEndedAt = performance.now();
        break;
      case 'response.created':
        this.awaitingAudio = true;
        break;
      case 'response.done':
        // A response without audio (a tool call, a cancelled one): the next response's audio is timed instead.
        this.awaitingAudio = false;
        break;
    }
  }

  private firstAudio(relay: () => void, turnId: string) {
    this.awaitingAudio = false;
    const receivedAt = performance.now();
    relay();
    const sentAt = performance.now();
    const turnEndedAt = this.turnEndedAt;
    this.turnEndedAt = 0;
    if (!this.listening()) return;
    relayAdded.observe((sentAt - receivedAt) / 1000);
    if (turnEndedAt === 0) return;
    turnLatency.observe((sentAt - turnEndedAt) / 1000);
    this.traces?.relayed({ turnId, turnEndedAt, receivedAt, sentAt });
  }
}
