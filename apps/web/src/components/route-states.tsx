import type { ReactNode } from 'react'
import { Link, useRouter, useRouterState, type ErrorComponentProps } from '@tanstack/react-router'
import { Compass, RotateCcw } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { HearthLogo } from '@/components/hearth-logo'

export function NotFoundPage() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  return (
    <CenteredMessage
      landmark
      icon={<Compass className="size-6" aria-hidden />}
      title="Page not found"
      text={
        <>
          There is nothing at <code className="rounded bg-muted px-1.5 py-0.5 text-sm break-all">{pathname}</code>. Check the address, or
          head back home.
        </>
      }
    >
      <Button asChild>
        <Link to="/">Go to the home page</Link>
      </Button>
    </CenteredMessage>
  )
}

export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter()
  return (
    <CenteredMessage
      icon={<RotateCcw className="size-6" aria-hidden />}
      title="Something went wrong"
      text={error instanceof Error && error.message ? error.message : 'This page could not be shown.'}
    >
      <Button
        onClick={() => {
          reset()
          void router.invalidate()
        }}
      >
        Try again
      </Button>
    </CenteredMessage>
  )
}

type CenteredMessageProps = { icon: ReactNode; title: string; text: ReactNode; children: ReactNode; landmark?: boolean }

/** `landmark`: the page's main landmark (a not-found page stands alone; an error page may sit inside a layout's main). */
function CenteredMessage({ icon, title, text, children, landmark = false }: CenteredMessageProps) {
  const Root = landmark ? 'main' : 'div'
  return (
    <Root className="flex min-h-dvh flex-col items-center justify-center gap-8 px-4 py-10">
      <title>{`${title} · Hearth`}</title>
      <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <HearthLogo />
      </Link>
      <section className="grid max-w-md justify-items-center gap-4 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-secondary text-primary">{icon}</span>
        <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
        <p className="text-muted-foreground">{text}</p>
        {children}
      </section>
    </Root>
  )
}
