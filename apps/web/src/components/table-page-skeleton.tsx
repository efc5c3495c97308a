import { Skeleton } from '@hearth/ui/components/skeleton'

/** A table screen's first load (a route's pendingComponent): heading, buttons, search and rows. */
export function TablePageSkeleton({ label, title, rows }: { label: string; title: string; rows: number }) {
  return (
    <section className="grid gap-5" aria-busy="true" aria-label={label}>
      <title>{title}</title>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-2">
          <Skeleton className="h-8 w-32" />
          <Skeleton className="h-4 w-20" />
        </div>
        <div className="flex gap-2">
          <Skeleton className="h-9 w-36" />
          <Skeleton className="h-9 w-32" />
        </div>
      </div>
      <Skeleton className="h-9 w-full sm:max-w-sm" />
      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-6 w-full" />
        ))}
      </div>
    </section>
  )
}
