// PRODUCT §10 in the Prompt Manager: the sequence's test cases (kept across its versions), with Add, Edit and
// Delete, and Run tests for the version shown (the run itself, and its history, open on the Testing page's routes).
import { useState } from 'react'
import { useNavigate, useRouter, useRouterState } from '@tanstack/react-router'
import { LoaderCircle, Play } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { deleteTestCase, startTestRun, type TestCase } from '@/features/prompt-manager/api'
import { EXPECTATION_LABELS } from '@/features/prompt-manager/components/expectation-row'
import { TestCaseDialog } from '@/features/prompt-manager/components/test-case-dialog'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type TestCasesPanelProps = {
  sequence: string
  cases: TestCase[] | null
  /** Why the cases could not be read, if they could not. */
  failed?: string
  promptNames: string[]
  /** The sequence's name as runs know it (without ".json") and the version shown, which Run tests runs. */
  runName: string
  version: number | undefined
}

export function TestCasesPanel({ sequence, cases, failed, promptNames, runName, version }: TestCasesPanelProps) {
  const router = useRouter()
  const navigate = useNavigate()
  const loading = useRouterState({ select: (state) => state.isLoading })
  const [editing, setEditing] = useState<TestCase | 'new' | null>(null)
  const [deleting, setDeleting] = useState<TestCase | null>(null)
  const [starting, setStarting] = useState(false)

  const runTests = async () => {
    if (version === undefined) return
    setStarting(true)
    try {
      const { runId } = await startTestRun(runName, version)
      notify.success(`Tests of v${version} started`)
      await navigate({ to: '/testing/runs/$runId', params: { runId } })
    } catch (error) {
      notify.error('The tests could not start', { description: errorMessage(error) })
    } finally {
      setStarting(false)
    }
  }

  const saved = async () => {
    notify.success('Test case saved')
    await router.invalidate({ sync: true })
  }
  const remove = async (testCase: TestCase) => {
    try {
      await deleteTestCase(sequence, testCase.caseId)
      notify.success('Test case deleted')
      await router.invalidate({ sync: true })
    } catch (error) {
      notify.error('Error while deleting the test case', { description: errorMessage(error) })
    }
  }

  return (
    <section aria-labelledby="test-cases-heading" aria-busy={loading} className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="test-cases-heading" className="font-medium">
          Test cases
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={runTests}
            disabled={!cases?.length || version === undefined || starting}
            aria-busy={starting}
            title={cases?.length === 0 ? 'Add a test case first' : undefined}
          >
            {starting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Play aria-hidden />}
            {version === undefined ? 'Run tests' : `Run tests on v${version}`}
          </Button>
          <Button variant="outline" onClick={() => setEditing('new')} disabled={!cases}>
            Add test case
          </Button>
        </div>
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-destructive">
          Test cases could not be loaded: {failed}
        </p>
      ) : !cases ? (
        <p className="text-sm text-muted-foreground">Loading test cases…</p>
      ) : cases.length === 0 ? (
        <p className="text-sm text-muted-foreground">No test cases yet — add one to describe a conversation this sequence must handle.</p>
      ) : (
        <ul className="grid gap-2" aria-label="Test cases">
          {cases.map((c) => (
            <li key={c.caseId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2">
              <div className="grid min-w-0 gap-0.5">
                <span className="font-medium break-words">{c.name}</span>
                <span className="text-sm text-muted-foreground break-words">{summary(c)}</span>
              </div>
              <div className="flex gap-2">
                <Button size="sm" variant="outline" onClick={() => setEditing(c)} aria-label={`Edit ${c.name}`}>
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-destructive"
                  onClick={() => setDeleting(c)}
                  aria-label={`Delete ${c.name}`}
                >
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <TestCaseDialog
        sequence={sequence}
        testCase={editing && editing !== 'new' ? editing : undefined}
        open={editing !== null}
        promptNames={promptNames}
        onOpenChange={(open) => !open && setEditing(null)}
        onSaved={saved}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={`Delete the test case '${deleting?.name ?? ''}'?`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => deleting && remove(deleting)}
      />
    </section>
  )
}

function summary(c: TestCase) {
  const expectations = c.expect.length
    ? c.expect
        .map((e) =>
          e.type === 'reaches' || e.type === 'never_reaches'
            ? `${EXPECTATION_LABELS[e.type].replace('a prompt', `'${e.prompt}'`)}${
                e.type === 'reaches' && e.within !== undefined ? ` within ${e.within} turn${e.within === 1 ? '' : 's'}` : ''
              }`
            : EXPECTATION_LABELS[e.type],
        )
        .join(', ')
    : 'No expectations'
  return `${c.turnLimit} turns × ${c.repeats ?? 3} repeats · ${expectations}`
}
