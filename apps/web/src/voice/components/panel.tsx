import type { ReactNode } from 'react'

import { cn } from '@hearth/ui/lib/utils'

/** A titled card of the staff voice pages; the title is the section's accessible name. */
export function Panel({
  title,
  action,
  children,
  className,
}: {
  title: string
  action?: ReactNode
  children: ReactNode
  className?: string
}) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`
  return (
    <section aria-labelledby={id} className={cn('grid min-w-0 gap-3 rounded-xl border bg-card p-4 shadow-xs sm:p-5', className)}>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h2 id={id} className="font-display text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {action}
      </div>
      {children}
    </section>
  )
}
