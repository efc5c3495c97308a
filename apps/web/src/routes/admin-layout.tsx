import { Link, Outlet } from '@tanstack/react-router'

import { cn } from '@hearth/ui/lib/utils'

import { adminNav } from '@/routes/nav'

/** Admin pages: the SPEC's admin tab bar above the page (operators never get here: see routes/admin.tsx). */
export function AdminLayout() {
  return (
    <div className="grid gap-6">
      {/* On a phone the five tabs wrap, three and two, rather than hide a label behind a scroll edge. */}
      <nav aria-label="Admin" className="min-w-0">
        <div className="flex w-full flex-wrap items-center gap-0.5 rounded-lg bg-muted p-1 text-muted-foreground sm:inline-flex sm:w-auto sm:flex-nowrap">
          {adminNav.map((tab) => {
            const Icon = tab.icon
            return (
              <Link
                key={tab.to}
                to={tab.to}
                className={cn(
                  'inline-flex h-8 grow basis-[30%] items-center justify-center gap-2 rounded-md px-2 text-sm sm:flex-none sm:px-3 font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
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
