import { useCallback, useEffect, useState } from 'react'
import { getRouteApi, useRouter } from '@tanstack/react-router'
import { FileText, RotateCcw, TriangleAlert } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'

import { useUnsavedChanges } from '@/components/unsaved-changes'
import { PromptEditor } from '@/features/system-prompts/components/prompt-editor'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/_admin/system-prompts')

// The failure of one load is toasted once, however often the page renders.
const reported = new WeakSet<object>()

export function SystemPromptsPage() {
  const result = route.useLoaderData()
  useEffect(() => {
    if (result.ok || reported.has(result)) return
    reported.add(result)
    notify.error('Failed to load prompts', { description: result.message })
  }, [result])
  // Leaving the page (a link, Back, a reload) with any prompt unsaved asks first.
  const [unsavedNames, setUnsavedNames] = useState<ReadonlySet<string>>(new Set())
  const markUnsaved = useCallback(
    (name: string, unsaved: boolean) =>
      setUnsavedNames((current) => {
        if (current.has(name) === unsaved) return current
        const next = new Set(current)
        if (unsaved) next.add(name)
        else next.delete(name)
        return next
      }),
    [],
  )
  const unsaved = useUnsavedChanges(unsavedNames.size > 0)

  return (
    <section className="grid gap-6" aria-labelledby="system-prompts-title">
      <title>System Prompts</title>
      <header className="grid gap-1">
        <h1 id="system-prompts-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          System Prompts
        </h1>
        <p className="text-sm text-muted-foreground sm:text-base">
          The instructions behind Hearth’s writing: profiles, memory, text messages and subgroups. Each prompt saves on its own and is used
          from the next time its task runs.
        </p>
      </header>
      {!result.ok ? (
        <LoadError message={result.message} />
      ) : result.prompts.length === 0 ? (
        <EmptyState />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {result.prompts.map((prompt) => (
            // A new saved text (after a save elsewhere or a reload) starts that editor afresh.
            <PromptEditor key={`${prompt.name}\u0000${prompt.prompt}`} prompt={prompt} onUnsavedChange={markUnsaved} />
          ))}
        </div>
      )}
      {unsaved.dialog}
    </section>
  )
}

function LoadError({ message }: { message: string }) {
  const router = useRouter()
  const [retrying, setRetrying] = useState(false)
  return (
    <div role="alert" className="grid justify-items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-8 text-center">
      <TriangleAlert className="size-6 text-destructive" aria-hidden />
      <p className="font-medium">Failed to load prompts</p>
      <p className="text-sm text-muted-foreground">{message}</p>
      <Button
        variant="outline"
        disabled={retrying}
        onClick={async () => {
          setRetrying(true)
          try {
            await router.invalidate()
          } finally {
            setRetrying(false)
          }
        }}
      >
        <RotateCcw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Try again
      </Button>
    </div>
  )
}

function EmptyState() {
  return (
    <div className="grid justify-items-center gap-3 rounded-xl border border-dashed p-8 text-center">
      <FileText className="size-6 text-muted-foreground" aria-hidden />
      <p className="font-medium">No prompts yet</p>
      <p className="text-sm text-muted-foreground">The server creates its named prompts when it starts for the first time.</p>
    </div>
  )
}

export function SystemPromptsPending() {
  return (
    <section className="grid gap-6" aria-busy="true">
      <title>System Prompts</title>
      <div className="grid gap-2">
        <Skeleton className="h-8 w-56" />
        <Skeleton className="h-4 w-96 max-w-full" />
      </div>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} className="h-44 rounded-xl" />
      ))}
      <p role="status" className="sr-only">
        Loading prompts…
      </p>
    </section>
  )
}
