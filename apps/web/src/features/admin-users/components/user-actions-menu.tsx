// A row's actions menu: export everything stored about the user as a JSON download (PRODUCT §7), and revoke their
// personal links (PRODUCT §3; the screen asks first, through `onRevoke`).
import { useState } from 'react'
import { Download, Ellipsis, Link2Off } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@hearth/ui/components/dropdown-menu'

import { downloadUserExport, exportFileName, type AdminUser } from '@/features/admin-users/api'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

export async function exportUser(user: AdminUser) {
  try {
    await downloadUserExport(user.fileName)
    notify.success(`Data of ${user.name} exported`, { description: exportFileName(user.fileName) })
  } catch (error) {
    notify.error('Failed to export user data', { description: errorMessage(error) })
  }
}

export function UserActionsMenu({ user, onRevoke }: { user: AdminUser; onRevoke: (user: AdminUser) => void }) {
  // A hundred rows need no hundred menus: the menu mounts at its first opening (it cost 1.4 s per page of 100).
  const [mounted, setMounted] = useState(false)
  const [open, setOpen] = useState(false)
  const trigger = (
    <Button
      variant="ghost"
      size="icon"
      className="size-7"
      aria-label={`Actions for ${user.name}`}
      aria-haspopup="menu"
      aria-expanded={open}
      title="More actions"
      onClick={
        mounted
          ? undefined
          : () => {
              setMounted(true)
              setOpen(true)
            }
      }
    >
      <Ellipsis aria-hidden />
    </Button>
  )
  if (!mounted) return trigger
  return (
    <DropdownMenu open={open} onOpenChange={setOpen}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => void exportUser(user)}>
          <Download aria-hidden />
          Export data (JSON)
        </DropdownMenuItem>
        <DropdownMenuItem className="text-destructive focus:text-destructive" onSelect={() => onRevoke(user)}>
          <Link2Off aria-hidden />
          Revoke personal links…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
