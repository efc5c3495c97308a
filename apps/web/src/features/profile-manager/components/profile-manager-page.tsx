import { useEffect, useState } from 'react'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { RotateCcw, TriangleAlert, Users } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'

import type { Settled } from '@/features/profile-manager/api'
import { CreateUserCard } from '@/features/profile-manager/components/create-user-card'
import { GenerateUrlCard } from '@/features/profile-manager/components/generate-url-card'
import { UpdateUserCard } from '@/features/profile-manager/components/update-user-card'
import { moduleOptions, userOptions } from '@/features/profile-manager/inputs'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/profile-manager')

// A failed list is toasted once per load, however often the page renders.
const reported = new WeakSet<object>()

function useFailureToast(result: Settled<unknown>, message: string) {
  useEffect(() => {
    if (result.ok || reported.has(result)) return
    reported.add(result)
    notify.error(message, { description: result.message })
  }, [result, message])
}

export function ProfileManagerPage() {
  const { users, modules } = route.useLoaderData()
  useFailureToast(users, 'Error getting user names')
  useFailureToast(modules, 'Error getting module names')
  const userList = users.ok ? userOptions(users.data) : []
  const moduleList = modules.ok ? moduleOptions(modules.data) : []
  const failures = [
    ...(users.ok ? [] : [{ title: 'Error getting user names', message: users.message }]),
    ...(modules.ok ? [] : [{ title: 'Error getting module names', message: modules.message }]),
  ]

  return (
    <section className="grid gap-6" aria-labelledby="profile-manager-title">
      <title>Profile Manager</title>
      <PageHeader />
      {failures.length > 0 && <LoadFailures failures={failures} />}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <CreateUserCard />
        <UpdateUserCard users={userList} />
        <GenerateUrlCard users={userList} modules={moduleList} className="lg:col-span-2" />
      </div>
    </section>
  )
}

function PageHeader() {
  // SPEC's button to the admin page, for those who may open it: an operator would only meet "Admins only".
  const isAdmin = route.useRouteContext({ select: (context) => context.staff.role === 'admin' })
  return (
    <header className="flex flex-wrap items-end justify-between gap-4">
      <div className="grid gap-1">
        <h1 id="profile-manager-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          Profile Manager
        </h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          Create member profiles, keep their contact details current and hand out personal links.
        </p>
      </div>
      {isAdmin && (
        <Button asChild variant="outline">
          <Link to="/admin-users">
            <Users aria-hidden />
            Admin page
          </Link>
        </Button>
      )}
    </header>
  )
}

function LoadFailures({ failures }: { failures: { title: string; message: string }[] }) {
  const router = useRouter()
  const [retrying, setRetrying] = useState(false)
  const retry = async () => {
    setRetrying(true)
    try {
      await router.invalidate()
    } finally {
      setRetrying(false)
    }
  }
  return (
    <div
      role="alert"
      className="flex flex-col gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-4 sm:flex-row sm:items-center"
    >
      <TriangleAlert className="size-5 shrink-0 text-destructive" aria-hidden />
      <div className="grid flex-1 gap-1 text-sm">
        {failures.map((failure) => (
          <p key={failure.title}>
            <span className="font-medium">{failure.title}</span>
            <span className="text-muted-foreground"> — {failure.message}</span>
          </p>
        ))}
        <p className="text-muted-foreground">Creating a user still works; the pickers fill in once the lists load.</p>
      </div>
      <Button variant="outline" onClick={retry} disabled={retrying} className="self-start sm:self-center">
        <RotateCcw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Try again
      </Button>
    </div>
  )
}

/** Shown while the lists load (after the router's pending delay). */
export function ProfileManagerPending() {
  return (
    <section className="grid gap-6" aria-busy="true">
      <title>Profile Manager</title>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-80 rounded-xl" />
        <Skeleton className="h-56 rounded-xl lg:col-span-2" />
      </div>
      <p role="status" className="sr-only">
        Loading users and modules…
      </p>
    </section>
  )
}
