import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hearth/ui/components/card'

import { HearthLogo } from '@/components/hearth-logo'
import { LoginForm } from '@/features/auth/components/login-form'
import { safeRedirect } from '@/features/auth/safe-redirect'

const loginRoute = getRouteApi('/login')

export function LoginPage() {
  const { redirect } = loginRoute.useSearch()
  const router = useRouter()

  return (
    <main className="relative isolate flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <title>Sign in · Hearth</title>
      <div
        aria-hidden
        className="absolute inset-x-0 top-0 -z-10 h-80 bg-[radial-gradient(60%_100%_at_50%_0%,oklch(0.88_0.09_70/0.6),transparent)]"
      />
      <Link to="/" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
        <HearthLogo withTagline />
      </Link>
      <Card className="w-full max-w-sm gap-5 shadow-md">
        <CardHeader>
          <CardTitle className="font-display text-2xl">
            <h1>Staff sign in</h1>
          </CardTitle>
          <CardDescription>Operators and admins sign in with their e-mail and password.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm onSignedIn={() => router.history.push(safeRedirect(redirect))} />
        </CardContent>
      </Card>
      <div className="grid max-w-sm justify-items-center gap-3 text-center text-sm text-muted-foreground">
        <p>Members don’t need a password: your personal link opens Hearth for you.</p>
        <Link to="/" className="inline-flex items-center gap-1.5 font-medium text-foreground underline-offset-4 hover:underline">
          <ArrowLeft className="size-4" aria-hidden />
          Back to Hearth
        </Link>
      </div>
    </main>
  )
}
