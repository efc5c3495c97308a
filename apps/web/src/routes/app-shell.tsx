import type { ComponentProps, ReactNode } from 'react'
import { Link, Outlet, useRouter, useRouterState } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { Menu } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Separator } from '@hearth/ui/components/separator'
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetHeader, SheetTitle, SheetTrigger } from '@hearth/ui/components/sheet'
import { cn } from '@hearth/ui/lib/utils'

import { HearthLogo } from '@/components/hearth-logo'
import type { Staff } from '@/features/auth/api'
import { currentStaffAtom } from '@/features/auth/atoms'
import { SignOutButton } from '@/features/auth/components/sign-out-button'
import { adminEntry, isAdminPath, operatorNav, type NavItem } from '@/routes/nav'

/** Layout of every staff page: header with account and navigation, then the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const staff = useAtomValue(currentStaffAtom)
  const router = useRouter()
  const inAdmin = useRouterState({ select: (state) => isAdminPath(state.location.pathname) })
  const goHome = async () => {
    await router.navigate({ to: '/' })
    await router.invalidate()
  }

  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex min-h-16 w-full max-w-6xl items-center gap-2 px-4 py-2 sm:gap-3 sm:px-6">
          <Link to="/" className="min-w-0 rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <HearthLogo withTagline />
          </Link>
          <div className="ml-auto flex items-center gap-3">
            {staff && (
              <div className="hidden items-center gap-3 md:flex">
                <SignedInAs staff={staff} />
                <SignOutButton variant="outline" size="sm" onSignedOut={goHome} />
              </div>
            )}
            {staff && <MobileMenu staff={staff} inAdmin={inAdmin} onSignedOut={goHome} />}
          </div>
        </div>
        {staff && (
          <nav
            aria-label="Main"
            className="mx-auto hidden w-full max-w-6xl flex-wrap items-center gap-x-0.5 gap-y-1 px-4 pb-2 sm:px-6 md:flex"
          >
            {operatorNav.map((item) => (
              <NavLink key={item.to} item={item} />
            ))}
            {staff.role === 'admin' && (
              <>
                <Separator orientation="vertical" className="mx-2 h-5! self-center" />
                <NavLink item={adminEntry} current={inAdmin} />
              </>
            )}
          </nav>
        )}
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 sm:py-8">{children}</main>
    </div>
  )
}

export function StaffLayout() {
  return (
    <AppShell>
      <Outlet />
    </AppShell>
  )
}

function SignedInAs({ staff, className }: { staff: Staff; className?: string }) {
  // A long address may break anywhere; the role never does.
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      Signed in as <span className="font-medium text-foreground [overflow-wrap:anywhere]">{staff.email}</span>{' '}
      <span className="whitespace-nowrap" data-testid="staff-role">
        {`(${staff.role})`}
      </span>
    </p>
  )
}

const navLinkClassName =
  'inline-flex items-center gap-2 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[status=active]:bg-secondary data-[status=active]:text-secondary-foreground [&_svg]:size-4 [&_svg]:shrink-0'

// Extra props come from SheetClose's Slot (onClick, ref), so they are passed on to the anchor. `current` marks a
// link whose section (not only its own address) is open, as the admin entry on every admin page.
function NavLink({ item, current, className, ...props }: { item: NavItem; current?: boolean; className?: string } & ComponentProps<'a'>) {
  const Icon = item.icon
  return (
    <Link
      {...props}
      to={item.to}
      activeOptions={{ exact: item.to === '/' }}
      aria-current={current ? 'true' : undefined}
      className={cn(navLinkClassName, current && 'bg-secondary text-secondary-foreground', className)}
    >
      <Icon aria-hidden />
      {item.label}
    </Link>
  )
}

function MobileMenu({ staff, inAdmin, onSignedOut }: { staff: Staff; inAdmin: boolean; onSignedOut: () => Promise<void> }) {
  return (
    <Sheet>
      <SheetTrigger asChild>
        <Button variant="outline" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu />
        </Button>
      </SheetTrigger>
      <SheetContent side="right" className="w-[85%] gap-0 sm:max-w-xs">
        <SheetHeader className="border-b">
          <SheetTitle>Menu</SheetTitle>
          <SheetDescription asChild>
            <div>
              <SignedInAs staff={staff} />
            </div>
          </SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="grid content-start gap-1 overflow-y-auto p-4">
          {[...operatorNav, ...(staff.role === 'admin' ? [adminEntry] : [])].map((item) => (
            <SheetClose key={item.to} asChild>
              <NavLink item={item} current={item === adminEntry && inAdmin} className="h-10 px-3 text-base" />
            </SheetClose>
          ))}
        </nav>
        <div className="mt-auto border-t p-4">
          <SignOutButton variant="outline" className="w-full" onSignedOut={onSignedOut} />
        </div>
      </SheetContent>
    </Sheet>
  )
}
