import { useId } from 'react'

import { Badge } from '@hearth/ui/components/badge'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

type VersionSelectProps = {
  label: string
  versions: number[]
  value: number | undefined
  onChange: (version: number) => void
  disabled?: boolean
  /** The version members get (PRODUCT §10), marked "Published". */
  published?: number | null
}

/** A labelled combobox of versions, shown as v1, v2, … (SPEC §2). */
export function VersionSelect({ label, versions, value, onChange, disabled, published }: VersionSelectProps) {
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
          {/* The chosen version only: the publishing panel marks the published one beside the title. */}
          <SelectValue placeholder="No version">{value === undefined ? undefined : `v${value}`}</SelectValue>
        </SelectTrigger>
        <SelectContent>
          {versions.map((version) => (
            <SelectItem key={version} value={String(version)}>
              v{version}
              {version === published && <PublishedBadge />}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}

/** The mark on the version members get (PRODUCT §10); the space keeps it a word of its own when read out. */
export function PublishedBadge() {
  return (
    <>
      {' '}
      <Badge variant="secondary" className="ml-1.5">
        Published
      </Badge>
    </>
  )
}
