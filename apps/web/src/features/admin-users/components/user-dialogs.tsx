// The read-only dialogs of a row (SPEC §2): the profile for group, the quiz summaries (paged: number, date,
// summary, previous/next) and more analytics (minutes per module as a small bar chart).
import { useState } from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'

import type { AdminUser } from '@/features/admin-users/api'
import { formatMinutes, moduleBars } from '@/features/admin-users/format'
import { formatDate, formatDateTime } from '@/lib/dates'

type UserDialogProps = { user: AdminUser; onClose: () => void }

export function ProfileDialog({ user, onClose }: UserDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Profile for group</DialogTitle>
          <DialogDescription>{user.name}</DialogDescription>
        </DialogHeader>
        <p className="max-h-[60dvh] overflow-y-auto text-sm leading-relaxed whitespace-pre-wrap">{user.profile_for_group}</p>
      </DialogContent>
    </Dialog>
  )
}

/** Opens at the latest summary; quizzes are numbered per user in date order, 1 being the first. */
export function QuizSummariesDialog({ user, onClose }: UserDialogProps) {
  const quizzes = user.quizSummaries
  const [index, setIndex] = useState(quizzes.length - 1)
  const quiz = quizzes[index]
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Quiz summaries</DialogTitle>
          <DialogDescription>{user.name}</DialogDescription>
        </DialogHeader>
        {quiz ? (
          <article aria-labelledby="quiz-heading" className="grid gap-2 rounded-lg border bg-muted/40 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h3 id="quiz-heading" className="font-display text-lg font-semibold">
                Quiz {index + 1} of {quizzes.length}
              </h3>
              <time dateTime={quiz.date} className="text-sm text-muted-foreground" title={formatDateTime(quiz.date)}>
                {formatDate(quiz.date)}
              </time>
            </div>
            <p className="text-sm leading-relaxed">{quiz.summary}</p>
          </article>
        ) : (
          <p className="text-sm text-muted-foreground">No quiz summaries yet.</p>
        )}
        <DialogFooter className="flex-row justify-between sm:justify-between">
          <Button variant="outline" disabled={index <= 0} onClick={() => setIndex((i) => i - 1)}>
            <ChevronLeft aria-hidden />
            Previous
          </Button>
          <Button variant="outline" disabled={index >= quizzes.length - 1} onClick={() => setIndex((i) => i + 1)}>
            Next
            <ChevronRight aria-hidden />
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

export function AnalyticsDialog({ user, onClose }: UserDialogProps) {
  const { analytics } = user
  const bars = moduleBars(analytics.sessionDurations)
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>More analytics</DialogTitle>
          <DialogDescription>{user.name}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <Figure label="Total minutes" value={formatMinutes(analytics.totalDurationOfAllSections)} />
          <Figure label="Last module used" value={analytics.lastModuleUsed ?? '—'} />
          <Figure label="Last conversation" value={formatDate(analytics.lastConversationDate) || '—'} />
        </dl>
        <figure className="grid gap-2">
          <figcaption className="text-sm font-medium">Minutes per module</figcaption>
          <ul aria-label="Minutes per module" className="grid gap-2.5">
            {bars.map((bar) => (
              <li key={bar.moduleName} className="grid gap-1">
                <div className="flex items-baseline justify-between gap-3 text-sm">
                  <span className="truncate">{bar.moduleName}</span>
                  <span className="shrink-0 text-muted-foreground tabular-nums">{formatMinutes(bar.minutes)} min</span>
                </div>
                <div className="h-2.5 overflow-hidden rounded-full bg-muted" aria-hidden>
                  <div className="h-full rounded-full bg-primary" style={{ width: `${bar.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </figure>
      </DialogContent>
    </Dialog>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-muted/40 px-3 py-2">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium tabular-nums" title={value}>
        {value}
      </dd>
    </div>
  )
}
