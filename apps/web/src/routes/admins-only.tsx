import { Link } from '@tanstack/react-router'
import { ShieldAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

/** What an operator sees on an admin address (the admin route's guard refuses them before any loader runs). */
export function AdminsOnly() {
  return (
    <section className="mx-auto grid max-w-md justify-items-center gap-4 py-12 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-secondary text-primary">
        <ShieldAlert className="size-6" aria-hidden />
      </span>
      <title>Admins only · Hearth</title>
      <h1 className="font-display text-2xl font-semibold">Admins only</h1>
      <p className="text-muted-foreground">
        This page is part of the admin area. Ask an admin if you need access to users, groups or system prompts.
      </p>
      <Button asChild variant="outline">
        <Link to="/">Back to the console</Link>
      </Button>
    </section>
  )
}
