// The group picker of a row's add and remove buttons (SPEC §2 "group memberships", texts of §8). Adding lists the
// groups of GET /api/get-groups the user is not in yet; removing lists the user's own groups.
import { useEffect, useState } from 'react'
import { Link, useRouter } from '@tanstack/react-router'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'
import { Skeleton } from '@hearth/ui/components/skeleton'

import { addUserToGroup, fetchGroups, removeUserFromGroup, type AdminUser } from '@/features/admin-users/api'
import { errorMessage, isAbortError } from '@/lib/api'
import { notify } from '@/lib/notify'

type Option = { id: string; name: string }
type Loaded = { state: 'loading' } | { state: 'failed'; error: string } | { state: 'ready'; options: Option[] }

type GroupPickerDialogProps = { user: AdminUser; mode: 'add' | 'remove'; onClose: () => void }

export function GroupPickerDialog({ user, mode, onClose }: GroupPickerDialogProps) {
  const router = useRouter()
  const [loaded, setLoaded] = useState<Loaded>(mode === 'remove' ? { state: 'ready', options: user.groups } : { state: 'loading' })
  const [attempt, setAttempt] = useState(0)
  const [groupId, setGroupId] = useState('')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    if (mode === 'remove') return
    const controller = new AbortController()
    setLoaded({ state: 'loading' })
    fetchGroups(controller.signal).then(
      (groups) => {
        const member = new Set(user.groups.map((g) => g.id))
        setLoaded({ state: 'ready', options: groups.filter((g) => !member.has(g.id)).map(({ id, name }) => ({ id, name })) })
      },
      (error) => {
        if (isAbortError(error)) return
        notify.error('Failed to load groups', { description: errorMessage(error) })
        setLoaded({ state: 'failed', error: errorMessage(error) })
      },
    )
    return () => controller.abort()
  }, [mode, user, attempt])

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!groupId) return
    setBusy(true)
    try {
      if (mode === 'add') {
        await addUserToGroup(groupId, user.fileName)
        notify.success('User added to group successfully')
      } else {
        await removeUserFromGroup(groupId, user.fileName)
        const name = user.groups.find((g) => g.id === groupId)?.name
        notify.success(`Removed ${user.name} from ${name ?? 'the group'}`)
      }
      onClose()
      await router.invalidate()
    } catch (error) {
      notify.error(mode === 'add' ? 'Failed to add user to group' : 'Failed to remove user from group', {
        description: errorMessage(error),
      })
    } finally {
      setBusy(false)
    }
  }

  const adding = mode === 'add'
  const options = loaded.state === 'ready' ? loaded.options : []
  return (
    <Dialog open onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="sm:max-w-md">
        <form onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{adding ? 'Add to a group' : 'Remove from a group'}</DialogTitle>
            <DialogDescription>
              {adding ? `Choose a group for ${user.name}.` : `Choose the group ${user.name} should leave.`}
            </DialogDescription>
          </DialogHeader>
          {loaded.state === 'loading' ? (
            <div className="grid gap-2" aria-busy="true">
              <Skeleton className="h-4 w-16" />
              <Skeleton className="h-9 w-full" />
            </div>
          ) : loaded.state === 'failed' ? (
            <div role="alert" className="grid gap-2 text-sm">
              <p className="text-destructive">The groups could not be loaded: {loaded.error}</p>
              <Button type="button" variant="outline" size="sm" className="w-fit" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </div>
          ) : options.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              {adding ? (
                <>
                  {user.groups.length ? `${user.name} is in every group already.` : 'There are no groups yet.'}{' '}
                  <Link to="/groups" className="font-medium text-primary underline-offset-4 hover:underline">
                    Manage groups
                  </Link>
                </>
              ) : (
                `${user.name} is in no group.`
              )}
            </p>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor="group-picker">Group</Label>
              <Select value={groupId} onValueChange={setGroupId} disabled={busy}>
                <SelectTrigger id="group-picker" className="w-full">
                  <SelectValue placeholder="Choose a group" />
                </SelectTrigger>
                <SelectContent>
                  {options.map((group) => (
                    <SelectItem key={group.id} value={group.id}>
                      {group.name}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" variant={adding ? 'default' : 'destructive'} disabled={!groupId || busy}>
              {adding ? 'Add to group' : 'Remove from group'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
