import { HeartHandshakeIcon, LockIcon, MicIcon } from '@/components/visitor-icons'

const highlights = [
  {
    icon: MicIcon,
    title: 'Talk, don’t type',
    text: 'Members hold a relaxed voice conversation with Hearth, guided by modules your organizers choose.',
  },
  {
    icon: HeartHandshakeIcon,
    title: 'Meet your people',
    text: 'Hearth learns what each member cares about and brings like-minded people together in small groups.',
  },
  {
    icon: LockIcon,
    title: 'Private by design',
    text: 'Voice recordings are never saved. Transcripts are processed only to update your profile, then deleted.',
  },
]

/** The three cards under the hero of both landing pages. */
export function LandingHighlights() {
  return (
    <section aria-label="What Hearth does" className="mx-auto w-full max-w-5xl px-4 pb-20 sm:px-6">
      <ul className="grid gap-4 sm:grid-cols-3">
        {highlights.map(({ icon: Icon, title, text }) => (
          <li key={title} className="grid content-start gap-3 rounded-xl border bg-card p-5 shadow-xs">
            <span className="grid size-10 place-items-center rounded-lg bg-secondary text-primary">
              <Icon className="size-5" aria-hidden />
            </span>
            <h2 className="font-semibold">{title}</h2>
            <p className="text-sm text-muted-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
