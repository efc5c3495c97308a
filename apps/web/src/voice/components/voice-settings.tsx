// The settings both staff voice pages share (SPEC §2 Console, Testing page): voice, temperature, sequence and
// version. Each is labelled, so a person (and a test) finds it by its name.
import { useId } from 'react'
import { TEMPERATURE_MAX, TEMPERATURE_MIN, TEMPERATURE_STEP, VOICES, type Voice } from '@hearth/protocol'

import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'
import { Skeleton } from '@hearth/ui/components/skeleton'

type VoiceSelectProps = { value: Voice; onChange: (voice: Voice) => void; disabled?: boolean }

/** SPEC §2: the eight voices; the voice is fixed for a session, so the select is disabled while connected. */
export function VoiceSelect({ value, onChange, disabled }: VoiceSelectProps) {
  const id = useId()
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Voice</Label>
      <Select value={value} onValueChange={(next) => onChange(next as Voice)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {VOICES.map((voice) => (
            <SelectItem key={voice} value={voice}>
              {voice}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

type TemperatureProps = { value: number; onChange: (temperature: number) => void; disabled?: boolean }

/**
 * SPEC §5/§9: 0.6 to 1.2 in steps of 0.1, default 0.8. PRODUCT §4: the OpenAI realtime model has no
 * temperature, so the hint says who honours it. A native range input: it is a labelled slider for everyone.
 */
export function TemperatureControl({ value, onChange, disabled }: TemperatureProps) {
  const id = useId()
  const hintId = useId()
  return (
    <div className="grid min-w-0 gap-1.5">
      <div className="flex items-baseline justify-between gap-2">
        <Label htmlFor={id}>Temperature</Label>
        <output htmlFor={id} className="font-mono text-sm tabular-nums">
          {value.toFixed(1)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={TEMPERATURE_MIN}
        max={TEMPERATURE_MAX}
        step={TEMPERATURE_STEP}
        value={value}
        disabled={disabled}
        aria-describedby={hintId}
        onChange={(event) => onChange(Math.round(Number(event.target.value) * 10) / 10)}
        className="h-5 w-full cursor-pointer accent-primary disabled:cursor-not-allowed disabled:opacity-50"
      />
      <p id={hintId} className="text-xs text-muted-foreground">
        Ignored by the OpenAI realtime model; honoured by the local provider and the testing page’s second model.
      </p>
    </div>
  )
}

type SequenceSelectProps = {
  modules: string[] | null
  value: string | null
  onChange: (module: string) => void
  failed?: boolean
  disabled?: boolean
  /** "Sequence" unless a page shows two sequence choices (the testing page's test suites). */
  label?: string
}

/** The modules (sequences) without the global prompt (SPEC §3), by name without ".json". */
export function SequenceSelect({ modules, value, onChange, failed, disabled, label = 'Sequence' }: SequenceSelectProps) {
  const id = useId()
  const placeholder = failed ? 'Sequences could not be loaded' : modules === null ? 'Loading…' : 'No sequences yet'
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {modules === null && !failed ? (
        <Skeleton className="h-9 w-full" />
      ) : (
        <Select value={value ?? ''} onValueChange={onChange} disabled={disabled || !modules?.length}>
          <SelectTrigger id={id} className="w-full">
            <SelectValue placeholder={placeholder} />
          </SelectTrigger>
          <SelectContent>
            {(modules ?? []).map((module) => (
              <SelectItem key={module} value={module}>
                {module}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </div>
  )
}

type VersionSelectProps = {
  versions: number[]
  value: number | null
  onChange: (version: number) => void
  loading?: boolean
  disabled?: boolean
  /** "Version" unless a page shows two version choices. */
  label?: string
}

/** v1, v2, …; the highest is the default (SPEC §3). */
export function VersionSelect({ versions, value, onChange, loading, disabled, label = 'Version' }: VersionSelectProps) {
  const id = useId()
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {loading ? (
        <Skeleton className="h-9 w-full" />
      ) : (
        <Select
          value={value === null ? '' : String(value)}
          onValueChange={(next) => onChange(Number(next))}
          disabled={disabled || versions.length === 0}
        >
          <SelectTrigger id={id} className="w-full">
            <SelectValue placeholder="No version" />
          </SelectTrigger>
          <SelectContent>
            {versions.map((version) => (
              <SelectItem key={version} value={String(version)}>
                v{version}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </div>
  )
}
