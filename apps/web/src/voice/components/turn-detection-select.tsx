// Issue 23: how voice-activity turns end on the staff pages, server VAD or semantic VAD with its eagerness. A pick
// goes to the live session at once (session.update) and to the next one at connect; until then the select shows
// the session's own detection (its sequence's setting), or "As the sequence" before connecting.
import { useId } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'
import type { Eagerness } from '@hearth/protocol'

import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { detectionAtom, setDetectionAtom, voiceSessionInfoAtom } from '@/voice/atoms'
import {
  DETECTOR_LABELS,
  detectionFor,
  EAGERNESS_CHOICES,
  EAGERNESS_LABELS,
  shownDetection,
  type DetectorKind,
} from '@/voice/turn-detection'

export function TurnDetectionSelect({ page, disabled }: { page: 'console' | 'testing'; disabled?: boolean }) {
  const kindId = useId()
  const eagernessId = useId()
  const picked = useAtomValue(detectionAtom)
  const session = useAtomValue(voiceSessionInfoAtom)
  const setDetection = useSetAtom(setDetectionAtom)
  const shown = shownDetection(picked, session?.turnDetection)
  const eagerness = shown?.type === 'semantic_vad' ? (shown.eagerness ?? 'auto') : null
  return (
    <div className="flex min-w-0 flex-wrap items-end gap-3">
      <div className="grid min-w-40 gap-1.5">
        <Label htmlFor={kindId}>Turn detection</Label>
        <Select
          value={shown?.type ?? ''}
          onValueChange={(kind) => setDetection(detectionFor(page, kind as DetectorKind, eagerness ?? 'auto'))}
          disabled={disabled}
        >
          <SelectTrigger id={kindId} className="w-full">
            <SelectValue placeholder="As the sequence" />
          </SelectTrigger>
          <SelectContent>
            {(Object.keys(DETECTOR_LABELS) as DetectorKind[]).map((kind) => (
              <SelectItem key={kind} value={kind}>
                {DETECTOR_LABELS[kind]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      {eagerness && (
        <div className="grid min-w-28 gap-1.5">
          <Label htmlFor={eagernessId}>Eagerness</Label>
          <Select
            value={eagerness}
            onValueChange={(next) => setDetection(detectionFor(page, 'semantic_vad', next as Eagerness))}
            disabled={disabled}
          >
            <SelectTrigger id={eagernessId} className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {EAGERNESS_CHOICES.map((level) => (
                <SelectItem key={level} value={level}>
                  {EAGERNESS_LABELS[level]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
    </div>
  )
}
