import type { ReactNode } from 'react'
import { Link2, Link2Off, RotateCcw, TriangleAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'

import { ContactMail } from '@/components/contact-email'

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

/**
 * No token and no end-user session (PRODUCT §3): the page only works from a personal link. A visitor who came from
 * "Try the app" learns what that link is and how to get one; staff learn how to preview someone's page.
 */
export function NoLinkState({ staff }: { staff: boolean }) {
  return (
    <StateCard icon={<Link2 />} title="Open your personal link">
      <p>
        Hearth conversations start from the personal link you received by text message or e-mail. Open that link on this device to begin —
        it signs you in, no password needed.
      </p>
      {staff ? (
        <p>
          You are signed in as staff. To preview someone’s page, add <code className="rounded bg-muted px-1">?id=</code> and their name to
          this page’s address (for example <code className="rounded bg-muted px-1">/user?id=Ada</code>), or generate their link in the{' '}
          <a href="/profile-manager" className="text-primary underline-offset-4 hover:underline">
            Profile Manager
          </a>
          .
        </p>
      ) : (
        <PersonalLinkHelp />
      )}
    </StateCard>
  )
}

function PersonalLinkHelp() {
  return (
    <div className="grid gap-4 border-t pt-4 text-left">
      <section aria-labelledby="what-is-a-link" className="grid gap-1">
        <h2 id="what-is-a-link" className="font-semibold text-foreground">
          What is a personal link?
        </h2>
        <p>
          Communities — clubs, congregations, campuses, neighborhood groups — use Hearth to get to know their members. Each member gets a
          link of their own. It opens your conversations with Hearth, and what Hearth learns stays with your profile in your community, so
          keep it to yourself.
        </p>
      </section>
      <section aria-labelledby="how-to-get-a-link" className="grid gap-1">
        <h2 id="how-to-get-a-link" className="font-semibold text-foreground">
          How do I get one?
        </h2>
        <p>
          Ask the organizer who invited you to Hearth. They send links by text message or e-mail, and can send you a new one if yours is
          lost or no longer works.
        </p>
        <ContactMail>{(link) => <p>Would you like Hearth for your own community? Write to us at {link}.</p>}</ContactMail>
      </section>
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 pt-1">
        <a href="/about" className="font-medium text-primary underline-offset-4 hover:underline">
          About Hearth
        </a>
        <a href="/privacy" className="font-medium text-primary underline-offset-4 hover:underline">
          Privacy Policy
        </a>
      </p>
    </div>
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
