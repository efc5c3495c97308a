import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'

// buttonVariants, not <Button>: visitor pages stay free of the class-merging library (JS budget of `/`).
import { buttonVariants } from '@hearth/ui/components/button-variants'

import { HearthLogo } from '@/components/hearth-logo'

/** Header and footer of the visitor pages (landing, about, privacy). */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col overflow-x-clip">
      <header className="relative z-10 mx-auto flex h-16 w-full max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Link to="/hearth" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <HearthLogo />
        </Link>
        <nav aria-label="Site" className="ml-auto flex items-center gap-1 sm:gap-2">
          <Link to="/about" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
            About Us
          </Link>
          <Link to="/login" className={buttonVariants({ variant: 'outline', size: 'sm' })}>
            Staff sign in
          </Link>
        </nav>
      </header>
      <main className="flex-1">{children}</main>
      <footer className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <p>© {new Date().getFullYear()} Hearth. All rights reserved.</p>
          <Link to="/privacy" className="underline-offset-4 hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
        </div>
      </footer>
    </div>
  )
}
