import { CircleCheck, OctagonX, TriangleAlert } from 'lucide-react'

import type { LintIssue } from '@hearth/protocol/sequence-lint'

/**
 * The live lint of the edited version: errors block Save, warnings do not. `caseIssues`: test cases naming a prompt
 * no version has (PRODUCT §10), listed under it; they do not block Save.
 */
export function LintPanel({ issues, loaded, caseIssues = [] }: { issues: LintIssue[]; loaded: boolean; caseIssues?: string[] }) {
  const errors = issues.filter((issue) => issue.severity === 'error')
  const warnings = issues.filter((issue) => issue.severity === 'warning')
  return (
    <section aria-label="Checks" className="grid content-start gap-2 text-sm">
      <h2 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Checks</h2>
      {!loaded ? (
        <p className="text-muted-foreground">Choose a sequence to check it here.</p>
      ) : issues.length === 0 ? (
        <p className="flex items-center gap-2 text-emerald-700">
          <CircleCheck className="size-4" aria-hidden /> No problems found
        </p>
      ) : (
        <ul className="grid gap-1.5" aria-live="polite">
          {[...errors, ...warnings].map((issue, index) => (
            <li
              key={`${issue.severity}-${index}`}
              className={
                issue.severity === 'error'
                  ? 'flex gap-2 rounded-md bg-destructive/10 px-2 py-1.5 text-destructive'
                  : 'flex gap-2 rounded-md bg-amber-100/70 px-2 py-1.5 text-amber-900'
              }
            >
              {issue.severity === 'error' ? (
                <OctagonX className="mt-0.5 size-4 shrink-0" aria-label="Error" />
              ) : (
                <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-label="Warning" />
              )}
              <span className="break-words">{issue.message}</span>
            </li>
          ))}
        </ul>
      )}
      {loaded && caseIssues.length > 0 && (
        <ul className="grid gap-1.5" aria-label="Test case checks">
          {caseIssues.map((message) => (
            <li key={message} className="flex gap-2 rounded-md bg-amber-100/70 px-2 py-1.5 text-amber-900">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-label="Warning" />
              <span className="break-words">{message}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
