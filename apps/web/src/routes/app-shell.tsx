import type { ComponentProps, ReactNode } from 'react'
import { Link, Outlet, useRouter } from '@tanstack/react-router'
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
import { adminNav, operatorNav, type NavItem } from '@/routes/nav'

/** Layout of every staff page: header with account and navigation, then the page. */
export function AppShell({ children }: { children: ReactNode }) {
  const staff = useAtomValue(currentStaffAtom)
  const router = useRouter()
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
            {staff && <MobileMenu staff={staff} onSignedOut={goHome} />}
          </div>
        </div>
        {staff && (
          <nav
            aria-label="Main"
            // Nine destinations fit one row on a laptop only without their icons; wide screens get them back.
            className="mx-auto hidden w-full max-w-6xl flex-wrap items-center gap-x-0.5 gap-y-1 px-4 pb-2 sm:px-6 md:flex [&_a_svg]:hidden 2xl:[&_a_svg]:block"
          >
            {operatorNav.map((item) => (
              <NavLink key={item.to} item={item} />
            ))}
            {staff.role === 'admin' && (
              <>
                <Separator orientation="vertical" className="mx-2 h-5! self-center" />
                <span className="mr-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">Admin</span>
                {adminNav.map((item) => (
                  <NavLink key={item.to} item={item} />
                ))}
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
  return (
    <p className={cn('text-sm text-muted-foreground', className)}>
      Signed in as <span className="font-medium text-foreground">{staff.email}</span> ({staff.role})
    </p>
  )
}

const navLinkClassName =
  'inline-flex items-center gap-2 whitespace-nowrap rounded-md px-2.5 py-1.5 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[status=active]:bg-secondary data-[status=active]:text-secondary-foreground [&_svg]:size-4 [&_svg]:shrink-0'

// Extra props come from SheetClose's Slot (onClick, ref), so they are passed on to the anchor.
function NavLink({ item, className, ...props }: { item: NavItem; className?: string } & ComponentProps<'a'>) {
  const Icon = item.icon
  return (
    <Link {...props} to={item.to} activeOptions={{ exact: item.to === '/' }} className={cn(navLinkClassName, className)}>
      <Icon aria-hidden />
      {item.label}
    </Link>
  )
}

function MobileMenu({ staff, onSignedOut }: { staff: Staff; onSignedOut: () => Promise<void> }) {
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
              <SignedInAs staff={staff} className="break-all" />
            </div>
          </SheetDescription>
        </SheetHeader>
        <nav aria-label="Main" className="grid gap-5 overflow-y-auto p-4">
          <MobileNavSection title="Operator" items={operatorNav} />
          {staff.role === 'admin' && <MobileNavSection title="Admin" items={adminNav} />}
        </nav>
        <div className="mt-auto border-t p-4">
          <SignOutButton variant="outline" className="w-full" onSignedOut={onSignedOut} />
        </div>
      </SheetContent>
    </Sheet>
  )
}

function MobileNavSection({ title, items }: { title: string; items: NavItem[] }) {
  return (
    <div className="grid gap-1">
      <p className="px-3 pb-1 text-xs font-medium tracking-wide text-muted-foreground uppercase">{title}</p>
      {items.map((item) => (
        <SheetClose key={item.to} asChild>
          <NavLink item={item} className="h-10 px-3 text-base" />
        </SheetClose>
      ))}
    </div>
  )
}
