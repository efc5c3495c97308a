// The turn detection a live session asks the relay for (SPEC §4 "Turn mode", issue 23): none with push-to-talk;
// else the staff page's picked detector, the session's own (its sequence's), or the page's default.
import { type BrowserEvent, defaultTurnDetection, type HearthSession, type TurnDetection, type VoicePage } from '@hearth/protocol'

import type { TurnMode, VadDetection } from '@/voice/voice-session-types'

export interface TurnSettingsHost {
  page: VoicePage
  send(event: BrowserEvent): void
  /** The latest hearth.session, whose turnDetection is the session's own. */
  info(): HearthSession | null
}

export class TurnSettings {
  constructor(
    private readonly host: TurnSettingsHost,
    private detection: VadDetection | null,
  ) {}

  /** After connecting, or on a restarted upstream session: what this page asked for, again. */
  sendStart(mode: TurnMode): void {
    if (mode === 'manual') this.send(null)
    else if (this.detection) this.send(this.detection)
  }

  /** The turn mode changed during the conversation. */
  modeChanged(mode: TurnMode): void {
    this.send(mode === 'manual' ? null : (this.detection ?? this.host.info()?.turnDetection ?? defaultTurnDetection(this.host.page)))
  }

  /** A staff page picked a detector: sent at once while live, unless turns are manual. */
  pick(detection: VadDetection, mode: TurnMode, live: boolean): void {
    this.detection = detection
    if (mode !== 'manual' && live) this.send(detection)
  }

  private send(turnDetection: TurnDetection): void {
    this.host.send({ type: 'session.update', session: { type: 'realtime', audio: { input: { turn_detection: turnDetection } } } })
  }
}
