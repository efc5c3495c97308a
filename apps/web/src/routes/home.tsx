import { useAtomValue } from 'jotai'

import { currentStaffAtom } from '@/features/auth/atoms'
import { AppShell } from '@/routes/app-shell'
import { LandingPage } from '@/routes/landing'
import { ConsolePage } from '@/routes/placeholder-pages'

/** PRODUCT §1: `/` is the console for signed-in staff and the landing page for everyone else. */
export function HomePage() {
  const staff = useAtomValue(currentStaffAtom)
  if (!staff) return <LandingPage />
  return (
    <AppShell>
      <ConsolePage />
    </AppShell>
  )
}
