// Microphone and speaker levels side by side (SPEC §2 testing page), drawn from the store without React renders.
import type { ReactNode } from 'react'

import { inputLevelAtom, outputLevelAtom } from '@/voice/atoms'
import { LevelBars } from '@/voice/components/level-bars'

export function LevelPanels() {
  return (
    <div className="grid grid-cols-2 gap-3">
      <LevelFigure caption="Microphone">
        <LevelBars level={inputLevelAtom} label="Microphone level" />
      </LevelFigure>
      <LevelFigure caption="Speaker">
        <LevelBars level={outputLevelAtom} label="Speaker level" barClassName="bg-amber-500" />
      </LevelFigure>
    </div>
  )
}

function LevelFigure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="grid gap-1 rounded-xl border bg-card px-3 pt-2 pb-1.5 shadow-xs">
      {children}
      <figcaption className="text-xs font-medium text-muted-foreground">{caption}</figcaption>
    </figure>
  )
}
