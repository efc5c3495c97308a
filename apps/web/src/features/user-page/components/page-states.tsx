import type { ReactNode } from 'react'
import { Link2, Link2Off, RotateCcw, TriangleAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'

export function LoadingState() {
  return (
    <div className="grid justify-items-center gap-6" aria-busy="true">
      <Skeleton className="size-40 rounded-full sm:size-44" />
      <Skeleton className="h-4 w-48" />
      <p className="text-sm text-muted-foreground" role="status">
        Opening your conversation space…
      </p>
    </div>
  )
}

/** No token and no end-user session (PRODUCT §3): the page only works from a personal link. */
export function NoLinkState({ staff }: { staff: boolean }) {
  return (
    <StateCard icon={<Link2 />} title="Open your personal link">
      <p>
        Hearth conversations start from the personal link you received by text message or e-mail. Open that link on this device to begin —
        it signs you in, no password needed.
      </p>
      {staff && (
        <p>
          You are signed in as staff. To preview someone’s page, add <code className="rounded bg-muted px-1">?id=</code>
          with their name, or generate their link in the{' '}
          <a href="/profile-manager" className="text-primary underline-offset-4 hover:underline">
            Profile Manager
          </a>
          .
        </p>
      )}
    </StateCard>
  )
}

export function LinkErrorState({ message }: { message: string }) {
  return (
    <StateCard icon={<Link2Off />} title="This link did not work" tone="warning">
      <p>{message}</p>
      <p>Ask the person who invited you to send a new link.</p>
    </StateCard>
  )
}

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <StateCard icon={<TriangleAlert />} title="Something went wrong" tone="warning">
      <p role="alert">{message}</p>
      <Button variant="outline" onClick={onRetry} className="justify-self-center">
        <RotateCcw aria-hidden />
        Try again
      </Button>
    </StateCard>
  )
}

function StateCard({
  icon,
  title,
  tone = 'calm',
  children,
}: {
  icon: ReactNode
  title: string
  tone?: 'calm' | 'warning'
  children: ReactNode
}) {
  return (
    <section className="grid w-full max-w-md justify-items-center gap-4 rounded-2xl border bg-card/80 p-6 text-center shadow-sm sm:p-8">
      <span
        className={
          tone === 'warning'
            ? 'grid size-12 place-items-center rounded-full bg-destructive/10 text-destructive [&_svg]:size-6'
            : 'grid size-12 place-items-center rounded-full bg-accent text-accent-foreground [&_svg]:size-6'
        }
        aria-hidden
      >
        {icon}
      </span>
      <h1 className="font-display text-2xl font-semibold tracking-tight">{title}</h1>
      <div className="grid gap-3 text-sm text-pretty text-muted-foreground">{children}</div>
    </section>
  )
}
