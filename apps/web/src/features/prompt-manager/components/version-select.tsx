import { useId } from 'react'

import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

type VersionSelectProps = {
  label: string
  versions: number[]
  value: number | undefined
  onChange: (version: number) => void
  disabled?: boolean
}

/** A labelled combobox of versions, shown as v1, v2, … (SPEC §2). */
export function VersionSelect({ label, versions, value, onChange, disabled }: VersionSelectProps) {
  const id = useId()
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select
        value={value === undefined ? '' : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        disabled={disabled || versions.length === 0}
      >
        <SelectTrigger id={id} className="w-full min-w-28">
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
    </div>
  )
}
