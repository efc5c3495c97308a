// Icons used nowhere else on purpose: an icon shared with another page becomes its own chunk on that page's first load.
import { ChartLine, Handshake, Sprout } from 'lucide-react'

import { buttonVariants } from '@hearth/ui/components/button-variants'

import { useContactEmail } from '@/components/contact-email'
import { PublicLayout } from '@/components/public-layout'

const mission = [
  {
    icon: Handshake,
    title: 'Matching members',
    text: 'Hearth listens for what each person loves, needs and hopes for, then suggests small groups of people who will have something to talk about from the very first minute.',
  },
  {
    icon: ChartLine,
    title: 'Insight tools for organizers',
    text: 'Organizers see their community at a glance — the interests, moods and hopes in the room, and who hasn’t been heard from in a while — so their time goes where it matters most.',
  },
  {
    icon: Sprout,
    title: 'Pilot connection programs',
    text: 'We run pilot programs with neighborhood groups, congregations, campuses and clubs, trying new ways of bringing people together and learning with them what truly helps.',
  },
]

/** /about (SPEC §2): welcome, mission and a note from the founders. */
export function AboutPage() {
  return (
    <PublicLayout>
      <title>About · Hearth</title>
      <article className="relative isolate">
        <div
          aria-hidden
          className="absolute inset-x-0 -top-56 -z-10 mx-auto h-[28rem] max-w-3xl rounded-full bg-[radial-gradient(closest-side,oklch(0.86_0.11_70/0.45),transparent)] blur-2xl"
        />

        <header className="mx-auto grid max-w-2xl gap-5 px-4 pt-14 pb-12 text-center sm:px-6 sm:pt-20 sm:pb-16">
          <p className="text-xs font-medium tracking-[0.2em] text-muted-foreground uppercase">About us</p>
          <h1 className="font-display text-4xl leading-[1.1] font-semibold tracking-tight text-balance sm:text-5xl">Welcome to Hearth</h1>
          <p className="text-lg text-pretty text-muted-foreground">
            Hearth is a voice companion for communities. It gets to know each member through warm, unhurried conversations, so the people
            who look after a community can see who is there, what they care about, and who might be glad to meet.
          </p>
          <p className="text-pretty text-muted-foreground">
            Many communities are full of people who are near each other and still alone: the neighbor you nod to, the member who comes every
            week and leaves without a word. Often a good conversation is all it takes to change that. Hearth starts those conversations.
          </p>
        </header>

        <section aria-labelledby="mission-heading" className="border-y bg-secondary/40">
          <div className="mx-auto grid max-w-5xl gap-8 px-4 py-14 sm:px-6 sm:py-16">
            <div className="mx-auto grid max-w-2xl gap-3 text-center">
              <h2 id="mission-heading" className="font-display text-3xl font-semibold tracking-tight">
                Our mission
              </h2>
              <p className="text-pretty text-muted-foreground">
                To help every community become a place where people are known — and where the right people find each other.
              </p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-3">
              {mission.map(({ icon: Icon, title, text }) => (
                <li key={title} className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-xs">
                  <span className="grid size-10 place-items-center rounded-lg bg-secondary text-primary">
                    <Icon className="size-5" aria-hidden />
                  </span>
                  <h3 className="font-semibold">{title}</h3>
                  <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <FounderNote />
      </article>
    </PublicLayout>
  )
}

function FounderNote() {
  const contactEmail = useContactEmail()
  return (
    <section aria-labelledby="founder-note-heading" className="mx-auto max-w-2xl px-4 py-14 sm:px-6 sm:py-20">
      <h2 id="founder-note-heading" className="font-display text-3xl font-semibold tracking-tight">
        A note from our founders
      </h2>
      <div className="mt-6 grid gap-4 font-display text-lg leading-relaxed text-foreground/90">
        <p>
          We have all stood in a room full of people and felt unseen. We have also felt the opposite: the evening a stranger asked the right
          question and, an hour later, wasn’t a stranger anymore.
        </p>
        <p>
          Hearth is our attempt to make more evenings like that. Not to replace the people in your life, but to help you find them. That is
          why Hearth talks with you instead of handing you a form, why it never keeps a recording of your voice, and why everything it
          learns is there to introduce you to someone — never to sell you something.
        </p>
        <p>
          We are early, and we are learning alongside the communities we work with. If you would like to try Hearth with yours, we would
          love to hear from you.
        </p>
        <p className="mt-2 italic">
          With warmth,
          <br />
          <span className="not-italic font-semibold">The founding team</span>
        </p>
      </div>
      <div className="mt-10 flex flex-col gap-3 sm:flex-row">
        {contactEmail && (
          <a href={`mailto:${contactEmail}`} className={buttonVariants({ size: 'lg' })}>
            Contact us
          </a>
        )}
        <a
          href="/user"
          target="_blank"
          rel="noopener"
          className={buttonVariants({ size: 'lg', variant: contactEmail ? 'outline' : 'default' })}
        >
          Try the app
        </a>
      </div>
    </section>
  )
}
