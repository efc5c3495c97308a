import type { ReactNode } from 'react'
import { ArrowRightIcon, MailIcon } from '@/components/visitor-icons'

import { buttonVariants } from '@hearth/ui/components/button-variants'

import { TAGLINE } from '@/components/hearth-logo'
import { useContactEmail } from '@/components/contact-email'

/** The hero of both landing pages: tagline, pitch and the two calls to action; `poem` sits under the heading. */
export function LandingHero({ poem }: { poem?: ReactNode }) {
  const contactEmail = useContactEmail()
  return (
    <section className="relative isolate">
      <div
        aria-hidden
        className="absolute inset-x-0 -top-56 -z-10 mx-auto h-[32rem] max-w-4xl rounded-full bg-[radial-gradient(closest-side,oklch(0.86_0.11_70/0.55),transparent)] blur-2xl"
      />
      <div className="mx-auto grid max-w-3xl justify-items-center gap-6 px-4 pt-16 pb-14 text-center sm:px-6 sm:pt-24 sm:pb-20">
        <p className="rounded-full border bg-card/70 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs">
          A voice companion for communities
        </p>
        <h1 className="font-display text-4xl leading-[1.1] font-semibold tracking-tight text-balance sm:text-6xl">{TAGLINE}</h1>
        {poem}
        <p className="max-w-xl text-base text-pretty text-muted-foreground sm:text-lg">
          Hearth gets to know each member through warm, spoken conversations — and helps organizers bring the right people together.
        </p>
        <div className="flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <a href="/user" target="_blank" rel="noopener" className={buttonVariants({ size: 'lg' })}>
            Try the app
            <ArrowRightIcon aria-hidden />
          </a>
          {contactEmail && (
            <a href={`mailto:${contactEmail}`} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              <MailIcon aria-hidden />
              Contact us
            </a>
          )}
        </div>
      </div>
    </section>
  )
}
