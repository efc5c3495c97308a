// "Test suites" on the testing page (PRODUCT §10): choose a sequence and a version, run all of its test cases on
// the server, and follow the sequence's recent runs live. The automatic conversation above is untouched.
import { useEffect, useState } from 'react'
import { Link } from '@tanstack/react-router'
import { FlaskConical, LoaderCircle } from 'lucide-react'

import { Button, buttonVariants } from '@hearth/ui/components/button'

import { RunsList } from '@/features/testing/components/runs-list'
import { usePolling } from '@/features/testing/runs/use-polling'
import { fetchCaseNames, fetchRuns, isLive, type RunListItem, startRun } from '@/features/testing/runs-api'
import { errorMessage, isAbortError } from '@/lib/http'
import { notify } from '@/lib/notify'
import { SequenceSelect, VersionSelect } from '@/voice/components/voice-settings'
import { defaultStaffModule, fetchModuleVersions } from '@/voice/staff-api'

type Loadable<T> = { state: 'loading' } | { state: 'ok'; value: T } | { state: 'failed'; error: string }

export function TestSuitesSection({ modules, modulesFailed }: { modules: string[] | null; modulesFailed: boolean }) {
  const [sequence, setSequence] = useState<string | null>(() => (modules ? defaultStaffModule(modules) : null))
  const [versions, setVersions] = useState<Loadable<number[]>>({ state: 'loading' })
  const [version, setVersion] = useState<number | null>(null)
  const [cases, setCases] = useState<Loadable<number>>({ state: 'loading' })
  const [starting, setStarting] = useState(false)

  useEffect(() => {
    if (!sequence) return
    const controller = new AbortController()
    const signal = controller.signal
    setVersions({ state: 'loading' })
    setCases({ state: 'loading' })
    fetchModuleVersions(sequence, { signal }).then(
      (list) => {
        const numbers = list.map((v) => v.version)
        setVersions({ state: 'ok', value: numbers })
        setVersion(numbers.at(-1) ?? null)
      },
      (error: unknown) => !isAbortError(error) && setVersions({ state: 'failed', error: errorMessage(error) }),
    )
    fetchCaseNames(sequence, { signal }).then(
      (list) => setCases({ state: 'ok', value: list.length }),
      (error: unknown) => !isAbortError(error) && setCases({ state: 'failed', error: errorMessage(error) }),
    )
    return () => controller.abort()
  }, [sequence])

  const runs = usePolling<RunListItem[] | null>({
    key: sequence ?? '',
    initial: null,
    load: (signal) => fetchRuns(sequence!, { signal }),
    // Read at once for a new sequence, then about once a second while one of its runs is queued or running.
    live: (list) => Boolean(sequence) && (list === null || list.some((run) => isLive(run.status))),
    firstDelayMs: 0,
  })

  const run = async () => {
    if (!sequence || version === null) return
    setStarting(true)
    try {
      await startRun({ sequence, version })
      notify.success(`Tests of ${sequence} v${version} started`)
      runs.refresh()
    } catch (error) {
      notify.error('The tests could not start', { description: errorMessage(error) })
    } finally {
      setStarting(false)
    }
  }

  const noCases = cases.state === 'ok' && cases.value === 0
  return (
    <section aria-labelledby="test-suites-title" className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="grid gap-1">
        <h2 id="test-suites-title" className="flex items-center gap-2 font-display text-lg font-semibold tracking-tight">
          <FlaskConical className="size-5 text-primary" aria-hidden />
          Test suites
        </h2>
        <p className="text-sm text-muted-foreground">
          Run a sequence's test cases on the server: a simulated member talks with each case's persona, every case repeated.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
        <SequenceSelect label="Suite sequence" modules={modules} value={sequence} onChange={setSequence} failed={modulesFailed} />
        <VersionSelect
          label="Suite version"
          versions={versions.state === 'ok' ? versions.value : []}
          value={version}
          onChange={setVersion}
          loading={Boolean(sequence) && versions.state === 'loading'}
        />
        <Button onClick={run} disabled={!sequence || version === null || starting || cases.state !== 'ok' || noCases} aria-busy={starting}>
          {starting && <LoaderCircle className="animate-spin" aria-hidden />}
          Run tests
        </Button>
      </div>
      {versions.state === 'failed' && (
        <p role="alert" className="text-sm text-destructive">
          The versions could not be loaded: {versions.error}
        </p>
      )}
      {cases.state === 'failed' && (
        <p role="alert" className="text-sm text-destructive">
          The test cases could not be loaded: {cases.error}
        </p>
      )}
      {noCases && sequence && (
        <div className="grid justify-items-start gap-2 rounded-lg border border-dashed px-4 py-3 text-sm">
          <p>{sequence} has no test cases yet, so there is nothing to run.</p>
          <Link
            to="/prompt-manager"
            search={{ sequence: `${sequence}.json` }}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
          >
            Add test cases in the Prompt Manager
          </Link>
        </div>
      )}
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Recent runs{sequence ? ` of ${sequence}` : ''}</h3>
        {runs.error && (
          <p role="alert" className="text-sm text-destructive">
            The runs could not be loaded: {runs.error}
          </p>
        )}
        {!sequence ? (
          <p className="text-sm text-muted-foreground">Choose a sequence.</p>
        ) : runs.value === null ? (
          runs.error ? null : (
            <p className="text-sm text-muted-foreground">Loading runs…</p>
          )
        ) : runs.value.length === 0 ? (
          <p className="text-sm text-muted-foreground">No runs yet.</p>
        ) : (
          <RunsList runs={runs.value} />
        )}
      </div>
    </section>
  )
}
