// Issue 24, PRODUCT §7: the member sees the loneliness scale answers they gave in a chat (with consent) and may clear
// them. Its own chunk: the user page downloads it only when the person opens it.
import { useCallback, useEffect, useState } from 'react'
import { LoaderCircle } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { client, unwrap } from '@/lib/api'
import { formatDate } from '@/lib/dates'
import { deferredNotify as notify } from '@/lib/deferred-notify'

// The dialog's own calls live here, not in api.ts, so the page's first download does not carry them.
/** GET /api/my-wellbeing: the member's own answers, oldest first. */
const fetchMyWellbeing = (options?: { signal?: AbortSignal }) =>
  unwrap(client.api['my-wellbeing'].get({ fetch: { signal: options?.signal } }))
/** DELETE /api/my-wellbeing: clears them all. */
const clearMyWellbeing = () => unwrap(client.api['my-wellbeing'].delete())

type WellbeingAnswer = Awaited<ReturnType<typeof fetchMyWellbeing>>['answers'][number]

type WellbeingDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

const QUESTIONS = [
  ['lackCompanionship', 'How often do you feel that you lack companionship?'],
  ['leftOut', 'How often do you feel left out?'],
  ['isolated', 'How often do you feel isolated from others?'],
] as const

const WORDS = ['', 'Hardly ever', 'Some of the time', 'Often']

type State = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; answers: WellbeingAnswer[] }

export function WellbeingDialog({ open, onOpenChange }: WellbeingDialogProps) {
  const [state, setState] = useState<State>({ status: 'loading' })
  const [confirming, setConfirming] = useState(false)

  const load = useCallback((signal?: AbortSignal) => {
    setState({ status: 'loading' })
    fetchMyWellbeing({ signal })
      .then(({ answers }) => setState({ status: 'ready', answers }))
      .catch((error: unknown) => {
        if (signal?.aborted) return
        setState({ status: 'error', message: error instanceof Error ? error.message : 'Your answers could not be loaded.' })
      })
  }, [])

  useEffect(() => {
    if (!open) return
    const controller = new AbortController()
    load(controller.signal)
    return () => controller.abort()
  }, [open, load])

  const clear = async () => {
    try {
      await clearMyWellbeing()
      setState({ status: 'ready', answers: [] })
      notify.success('Your well-being answers were cleared')
    } catch (error) {
      notify.error('Your answers could not be cleared', { description: error instanceof Error ? error.message : undefined })
    }
  }

  const answers = state.status === 'ready' ? state.answers : []
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>My well-being answers</DialogTitle>
          <DialogDescription>
            Your answers to three questions about feeling connected, if you agreed to answer them in a chat. Organisers only ever see totals
            of five people or more.
          </DialogDescription>
        </DialogHeader>
        {state.status === 'loading' && (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            Loading your answers…
          </p>
        )}
        {state.status === 'error' && (
          <div role="alert" className="grid justify-items-start gap-2 text-sm">
            <p className="text-destructive">{state.message}</p>
            <Button variant="outline" size="sm" onClick={() => load()}>
              Try again
            </Button>
          </div>
        )}
        {state.status === 'ready' && answers.length === 0 && (
          <p className="rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground">
            You have no well-being answers stored.
          </p>
        )}
        {answers.length > 0 && (
          <ul aria-label="Your answers" className="grid gap-3">
            {answers.map((answer) => (
              <li key={answer.id} className="grid gap-2 rounded-lg border bg-card p-3 text-sm">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <h3 className="font-semibold">
                    {answer.phase === 'intake' ? 'First answers' : 'Later answers'}, {formatDate(answer.recordedAt)}
                  </h3>
                  <span className="text-muted-foreground">Score {answer.score} of 9</span>
                </div>
                <dl className="grid gap-1.5">
                  {QUESTIONS.map(([field, question]) => (
                    <div key={field} className="grid gap-0.5 sm:grid-cols-[1fr_auto] sm:gap-3">
                      <dt className="text-muted-foreground">{question}</dt>
                      <dd className="font-medium">{WORDS[answer[field]] ?? answer[field]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        )}
        <p className="text-xs text-muted-foreground">Scores run from 3 (least lonely) to 9.</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          <Button variant="destructive" disabled={answers.length === 0} onClick={() => setConfirming(true)}>
            Clear my answers
          </Button>
        </div>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Clear your well-being answers?"
          description="All your answers are deleted for good. They no longer count in any group's totals."
          confirmLabel="Clear my answers"
          destructive
          onConfirm={clear}
        />
      </DialogContent>
    </Dialog>
  )
}
