// Staff pages' choice of detector for voice-activity turns (issue 23): server VAD with the page's settings, or
// semantic VAD with an eagerness. Pure: the select shows these; atoms send them.
import { defaultTurnDetection, EAGERNESS_LEVELS, type Eagerness, type TurnDetection, type VoicePage } from '@hearth/protocol'

import type { VadDetection } from '@/voice/voice-session-types'

export type DetectorKind = VadDetection['type']

export const DETECTOR_LABELS: Record<DetectorKind, string> = { server_vad: 'Server VAD', semantic_vad: 'Semantic VAD' }

export const EAGERNESS_LABELS: Record<Eagerness, string> = { low: 'Low', medium: 'Medium', high: 'High', auto: 'Auto' }

export const EAGERNESS_CHOICES = EAGERNESS_LEVELS

/** What a pick means on this page: server VAD keeps the page's silence (200 ms on the console, 500 elsewhere). */
export function detectionFor(page: VoicePage, kind: DetectorKind, eagerness: Eagerness = 'auto'): VadDetection {
  return kind === 'semantic_vad' ? { type: 'semantic_vad', eagerness } : defaultTurnDetection(page)
}

/** What the select shows: the page's pick, else the live session's (its sequence's); null before either is known. */
export function shownDetection(picked: VadDetection | null, session: TurnDetection | undefined): VadDetection | null {
  return picked ?? session ?? null
}
