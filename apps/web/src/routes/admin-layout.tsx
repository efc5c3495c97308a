import { Link, Outlet } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { ShieldAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { currentStaffAtom } from '@/features/auth/atoms'
import { adminNav } from '@/routes/app-shell'

/** Admin pages: the SPEC's admin tab bar above the page; operators get a clear refusal instead. */
export function AdminLayout() {
  const staff = useAtomValue(currentStaffAtom)
  if (staff?.role !== 'admin') return <AdminsOnly />

  return (
    <div className="grid gap-6">
      <nav aria-label="Admin">
        <div className="flex h-10 w-full items-center rounded-lg bg-muted p-1 text-muted-foreground sm:inline-flex sm:w-auto">
          {adminNav.map((tab) => {
            const Icon = tab.icon
            return (
              <Link
                key={tab.to}
                to={tab.to}
                className={cn(
                  'inline-flex h-full flex-1 items-center justify-center gap-2 rounded-md px-2 text-sm sm:flex-none sm:px-3 font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  'data-[status=active]:bg-card data-[status=active]:text-foreground data-[status=active]:shadow-sm',
                )}
              >
                <Icon className="hidden size-4 sm:block" aria-hidden />
                {tab.label}
              </Link>
            )
          })}
        </div>
      </nav>
      <Outlet />
    </div>
  )
}

function AdminsOnly() {
  return (
    <section className="mx-auto grid max-w-md justify-items-center gap-4 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-secondary text-primary">
        <ShieldAlert className="size-6" aria-hidden />
      </span>
      <title>Admins only · Hearth</title>
      <h1 className="font-display text-2xl font-semibold">Admins only</h1>
      <p className="text-muted-foreground">
        This page is part of the admin area. Ask an admin if you need access to users, groups or system prompts.
      </p>
      <Button asChild variant="outline">
        <Link to="/">Back to the console</Link>
      </Button>
    </section>
  )
}
