// The contact address (CONTACT_EMAIL on the server, GET /api/public-config): read once per visit and shared by
// every page that shows it. Unset, pages show no address and point people to the organizer who invited them.
import { type ReactNode, useSyncExternalStore } from 'react'

import { getJson } from '@/lib/http'

/** undefined while it loads; null when none is configured (or the server could not be asked). */
type ContactEmail = string | null | undefined

let current: ContactEmail
let loading: Promise<void> | null = null
const listeners = new Set<() => void>()

function load() {
  loading ??= getJson<{ contactEmail: string | null }>('/api/public-config')
    .then(
      (answer) => answer.contactEmail || null,
      () => null,
    )
    .then((email) => {
      current = email
      for (const listener of listeners) listener()
    })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  load()
  return () => void listeners.delete(listener)
}

export function useContactEmail(): ContactEmail {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => undefined,
  )
}

type ContactMailProps = {
  /** What to show around the link, e.g. (link) => <>, or write to us at {link}</>. */
  children: (link: ReactNode) => ReactNode
  /** Shown when no address is configured (nothing while it loads). */
  fallback?: ReactNode
  className?: string
}

/** A mailto: link to the contact address inside the caller's words, or the fallback when there is none. */
export function ContactMail({ children, fallback = null, className }: ContactMailProps) {
  const email = useContactEmail()
  if (email === undefined) return null
  if (email === null) return fallback
  return children(
    <a href={`mailto:${email}`} className={className ?? 'font-medium text-primary underline underline-offset-4'}>
      {email}
    </a>,
  )
}
