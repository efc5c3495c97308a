// The Messages view's filters: group, kind and state, each a labelled select; "All …" clears that filter.
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { KIND_LABELS, STATUS_LABELS, type MessageKind, type MessagesSearch, type MessageStatus } from '@/features/messages/labels'

const ALL = 'all'

type Filters = Pick<MessagesSearch, 'groupId' | 'kind' | 'status'>

export function MessageFilters({
  value,
  groups,
  onChange,
  disabled,
}: {
  value: Filters
  groups: ReadonlyArray<{ id: string; name: string }>
  onChange: (next: Filters) => void
  disabled?: boolean
}) {
  // A group filter from a link may name a group with no messages (yet): keep it choosable.
  const groupOptions =
    value.groupId && !groups.some((g) => g.id === value.groupId) ? [...groups, { id: value.groupId, name: value.groupId }] : groups
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <FilterSelect
        id="messages-group"
        label="Group"
        value={value.groupId}
        allLabel="All groups"
        options={groupOptions.map((g) => [g.id, g.name] as const)}
        onChange={(groupId) => onChange({ ...value, groupId })}
        disabled={disabled}
      />
      <FilterSelect
        id="messages-kind"
        label="Kind"
        value={value.kind}
        allLabel="All kinds"
        options={Object.entries(KIND_LABELS) as Array<[MessageKind, string]>}
        onChange={(kind) => onChange({ ...value, kind: kind as MessageKind | undefined })}
        disabled={disabled}
      />
      <FilterSelect
        id="messages-state"
        label="State"
        value={value.status}
        allLabel="All states"
        options={Object.entries(STATUS_LABELS) as Array<[MessageStatus, string]>}
        onChange={(status) => onChange({ ...value, status: status as MessageStatus | undefined })}
        disabled={disabled}
      />
    </div>
  )
}

function FilterSelect({
  id,
  label,
  value,
  allLabel,
  options,
  onChange,
  disabled,
}: {
  id: string
  label: string
  value: string | undefined
  allLabel: string
  options: ReadonlyArray<readonly [string, string]>
  onChange: (value: string | undefined) => void
  disabled?: boolean
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ALL} onValueChange={(next) => onChange(next === ALL ? undefined : next)} disabled={disabled}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL}>{allLabel}</SelectItem>
          {options.map(([optionValue, optionLabel]) => (
            <SelectItem key={optionValue} value={optionValue}>
              {optionLabel}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
