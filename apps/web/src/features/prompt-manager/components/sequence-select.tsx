import { useId } from 'react'

import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

type SequenceSelectProps = {
  /** File names in the server's order: global_prompt.json first, the rest alphabetical (SPEC §2). */
  names: string[]
  value: string | undefined
  onChange: (fileName: string) => void
  loading: boolean
  failed: boolean
}

export function SequenceSelect({ names, value, onChange, loading, failed }: SequenceSelectProps) {
  const id = useId()
  const placeholder = failed
    ? 'Sequences could not be loaded'
    : loading
      ? 'Loading…'
      : names.length
        ? 'Choose a sequence'
        : 'No sequences yet'
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Sequence</Label>
      <Select value={value ?? ''} onValueChange={onChange} disabled={names.length === 0}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {names.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
