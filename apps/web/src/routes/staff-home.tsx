// `/` for signed-in staff: the console inside the staff shell (loaded only for staff, see routes/home.tsx).
import { ConsolePage } from '@/features/console/components/console-page'
import { AppShell } from '@/routes/app-shell'

export function StaffHome() {
  return (
    <AppShell>
      <ConsolePage />
    </AppShell>
  )
}
