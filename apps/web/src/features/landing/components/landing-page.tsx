import { ArrowRight, HeartHandshake, Lock, Mail, Mic } from 'lucide-react'

import { buttonVariants } from '@hearth/ui/components/button-variants'

import { TAGLINE } from '@/components/hearth-logo'
import { CONTACT_EMAIL, PublicLayout } from '@/components/public-layout'

const highlights = [
  {
    icon: Mic,
    title: 'Talk, don’t type',
    text: 'Members hold a relaxed voice conversation with Hearth, guided by modules your organisers choose.',
  },
  {
    icon: HeartHandshake,
    title: 'Meet your people',
    text: 'Hearth learns what each member cares about and brings like-minded people together in small groups.',
  },
  {
    icon: Lock,
    title: 'Private by design',
    text: 'Voice recordings are never saved. Transcripts are processed only to update your profile, then deleted.',
  },
]

/** The public landing page (/, /hearth). Staff see the console at / instead. */
export function LandingPage() {
  return (
    <PublicLayout>
      <title>Hearth · Deeper Connections // Stronger Communities</title>
      <section className="relative isolate">
        <div
          aria-hidden
          className="absolute inset-x-0 -top-56 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-[radial-gradient(closest-side,oklch(0.86_0.11_70/0.55),transparent)] blur-2xl"
        />
        <div className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
          <p className="rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
            A voice companion for communities
          </p>
          <h1 className="font-display text-4xl leading-[1.1] font-semibold tracking-tight text-balance sm:text-6xl">
            {TAGLINE}
          </h1>
          <p className="max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
            Hearth gets to know each member through warm, spoken conversations — and helps organisers bring the
            right people together.
          </p>
          <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
            <a href="/user" target="_blank" rel="noopener" className={buttonVariants({ size: 'lg' })}>
                Try the app
                <ArrowRight aria-hidden />
            </a>
            <a href={`mailto:${CONTACT_EMAIL}`} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                <Mail aria-hidden />
                Contact us
            </a>
          </div>
        </div>
      </section>

      <section aria-label="What Hearth does" className="mx-auto w-full max-w-5xl px-4 pb-20 sm:px-6">
        <ul className="grid gap-4 sm:grid-cols-3">
          {highlights.map(({ icon: Icon, title, text }) => (
            <li key={title} className="grid gap-3 rounded-xl border bg-card p-5 shadow-xs">
              <span className="grid size-10 place-items-center rounded-lg bg-secondary text-primary">
                <Icon className="size-5" aria-hidden />
              </span>
              <h2 className="font-semibold">{title}</h2>
              <p className="text-sm text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>
    </PublicLayout>
  )
}

