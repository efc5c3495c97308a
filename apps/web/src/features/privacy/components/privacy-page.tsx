import { PublicLayout } from '@/components/public-layout'
import { POLICY_SECTIONS } from '@/features/privacy/components/policy-sections'

// Prose styling for the section bodies, here once rather than on every paragraph and list.
const prose =
  'grid gap-4 text-[15px] leading-7 text-foreground/85 [&_li]:pl-1 [&_strong]:font-semibold [&_strong]:text-foreground [&_ul]:grid [&_ul]:list-disc [&_ul]:gap-2 [&_ul]:pl-5 [&_ul]:marker:text-primary/60'

/** /privacy (SPEC §2): the privacy policy, last updated March 4, 2024 (SPEC §9), in ten sections. */
export function PrivacyPage() {
  return (
    <PublicLayout>
      <title>Privacy Policy · Hearth</title>
      <article className="mx-auto w-full max-w-3xl px-4 pt-12 pb-20 sm:px-6 sm:pt-16">
        <header className="grid gap-3 border-b pb-8">
          <h1 className="font-display text-4xl font-semibold tracking-tight sm:text-5xl">Privacy Policy</h1>
          <p className="text-sm text-muted-foreground">
            Last updated: <time dateTime="2024-03-04">March 4, 2024</time>
          </p>
          <p className="text-lg text-pretty text-muted-foreground">
            Hearth is a voice companion for communities. This policy explains what we collect when you visit this site, talk with Hearth
            through your personal link, or help run a community on it — and what we do with it. In short: voice recordings are never saved,
            transcripts are processed only to update your profile and then deleted, and only your profile is kept.
          </p>
        </header>

        <nav aria-label="On this page" className="my-8 rounded-xl border bg-card p-5 shadow-xs">
          <p className="mb-3 text-sm font-semibold">On this page</p>
          <ol className="list-decimal gap-x-8 space-y-1.5 pl-5 text-sm marker:text-muted-foreground sm:columns-2">
            {POLICY_SECTIONS.map(({ id, title }) => (
              <li key={id}>
                <a href={`#${id}`} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                  {title}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="grid gap-10">
          {POLICY_SECTIONS.map(({ id, title, body }, i) => (
            <section key={id} id={id} aria-labelledby={`${id}-heading`} className="scroll-mt-6">
              <h2 id={`${id}-heading`} className="mb-4 flex items-baseline gap-3 font-display text-2xl font-semibold tracking-tight">
                <span aria-hidden className="text-base font-normal text-primary tabular-nums">
                  {String(i + 1).padStart(2, '0')}
                </span>
                {title}
              </h2>
              <div className={prose}>{body}</div>
            </section>
          ))}
        </div>
      </article>
    </PublicLayout>
  )
}
