import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import type { UserOption } from '@/features/profile-manager/inputs'

type UserSelectProps = {
  id: string
  label: string
  users: UserOption[]
  value: string | undefined
  onValueChange: (userId: string) => void
  disabled?: boolean
}

/** A labelled combobox of users; a name shared by several users carries the end of each id. */
export function UserSelect({ id, label, users, value, onValueChange, disabled }: UserSelectProps) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value ?? ''} onValueChange={onValueChange} disabled={disabled || users.length === 0}>
        <SelectTrigger id={id} className="w-full">
          <SelectValue placeholder={users.length === 0 ? 'No users yet' : 'Choose a user'} />
        </SelectTrigger>
        <SelectContent className="max-h-80">
          {users.map((user) => (
            <SelectItem key={user.value} value={user.value}>
              {user.label}
              {user.hint && <span className="text-xs text-muted-foreground">{user.hint}</span>}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
