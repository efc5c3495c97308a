// Compare (PRODUCT §10): two runs of one sequence, `?a=<runId>&b=<runId>`. Case by case the pass rates, the change
// (marked only when the paired exact test finds it significant), median turn counts and a transcript difference.
// Runs still going are followed live, so "Run the same cases on version N" lands here and fills in as it runs.
import { useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'

import { buttonVariants } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'

import { CompareTable } from '@/features/testing/components/compare/compare-table'
import { TranscriptDiff } from '@/features/testing/components/compare/transcript-diff'
import { RunProgressBar, RunStatusBadge } from '@/features/testing/components/run-status'
import { SameCasesRun } from '@/features/testing/components/same-cases-run'
import { compareRows, runMedianTurns } from '@/features/testing/runs/compare'
import type { Loaded } from '@/features/testing/runs/loaders'
import { providerLabel } from '@/features/testing/runs/run-text'
import { usePolling } from '@/features/testing/runs/use-polling'
import { fetchRunDetail, isLive, type RunDetail } from '@/features/testing/runs-api'
import { Panel } from '@/voice/components/panel'

const route = getRouteApi('/_staff/testing/compare')

export function ComparePage() {
  const { runA, runB } = route.useLoaderData()
  return (
    <div className="grid gap-6">
      <title>Compare test runs</title>
      <nav aria-label="Compare actions">
        <Link to="/testing" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden />
          Testing
        </Link>
      </nav>
      <h1 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">Compare test runs</h1>
      <CompareBody runA={runA} runB={runB} />
    </div>
  )
}

function CompareBody({ runA, runB }: { runA: Loaded<RunDetail> | null; runB: Loaded<RunDetail> | null }) {
  if (!runA) return <Note>Choose two runs of one sequence under Test suites on the Testing page, then Compare.</Note>
  if (!runA.ok) return <Note alert>Run A could not be loaded: {runA.error}</Note>
  if (!runB)
    return (
      <Panel title="Second run">
        <p className="text-sm text-muted-foreground">
          Run A is {runA.value.sequence} v{runA.value.version}. Run its cases on another version:
        </p>
        <SameCasesRun run={runA.value} />
      </Panel>
    )
  if (!runB.ok) return <Note alert>Run B could not be loaded: {runB.error}</Note>
  if (runA.value.sequence !== runB.value.sequence)
    return (
      <Note alert>
        These runs test different sequences ({runA.value.sequence} and {runB.value.sequence}); only runs of one sequence compare.
      </Note>
    )
  return <LiveComparison initialA={runA.value} initialB={runB.value} />
}

function LiveComparison({ initialA, initialB }: { initialA: RunDetail; initialB: RunDetail }) {
  const live = (r: RunDetail) => isLive(r.status)
  const a = usePolling({ key: initialA.runId, initial: initialA, load: (signal) => fetchRunDetail(initialA.runId, { signal }), live })
  const b = usePolling({ key: initialB.runId, initial: initialB, load: (signal) => fetchRunDetail(initialB.runId, { signal }), live })
  const runA = a.value
  const runB = b.value
  const rows = useMemo(() => compareRows(runA, runB), [runA, runB])
  const labelA = `A: v${runA.version}`
  const labelB = `B: v${runB.version}`
  const significant = rows.filter((row) => row.test?.significant).length
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <RunCard run={runA} which="A" medianTurns={runMedianTurns(runA)} />
        <RunCard run={runB} which="B" medianTurns={runMedianTurns(runB)} />
      </div>
      {(a.error || b.error) && (
        <p role="alert" className="text-sm text-destructive">
          Live progress could not be read ({a.error ?? b.error}); trying again.
        </p>
      )}
      <Panel title="Cases">
        <p className="text-sm text-muted-foreground" role="status">
          {isLive(runA.status) || isLive(runB.status) ? 'Still running: the numbers fill in as repeats finish. ' : ''}
          {significant === 0
            ? 'No case changed significantly (paired exact test, repeats paired by index, p < 0.05).'
            : `${significant} case${significant === 1 ? '' : 's'} changed significantly (paired exact test, p < 0.05).`}
        </p>
        <CompareTable rows={rows} labelA={labelA} labelB={labelB} />
      </Panel>
      <Panel title="Transcript difference">
        <TranscriptDiff runA={runA} runB={runB} />
      </Panel>
    </>
  )
}

function RunCard({ run, which, medianTurns }: { run: RunDetail; which: 'A' | 'B'; medianTurns: number | null }) {
  return (
    <section aria-label={`Run ${which}`} className="grid gap-2 rounded-xl border bg-card p-4 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-medium">
          Run {which}:{' '}
          <Link to="/testing/runs/$runId" params={{ runId: run.runId }} className="underline underline-offset-4">
            {run.sequence} v{run.version}
          </Link>
        </h2>
        <RunStatusBadge status={run.status} />
      </div>
      <RunProgressBar progress={run.progress} label={`Progress of run ${which}`} />
      <p className="text-sm text-muted-foreground">
        {providerLabel(run.provider, run.judge)} · median turns {medianTurns === null ? '—' : medianTurns}
      </p>
    </section>
  )
}

function Note({ children, alert }: { children: React.ReactNode; alert?: boolean }) {
  return (
    <p role={alert ? 'alert' : undefined} className={alert ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}>
      {children}
    </p>
  )
}

export function ComparePending() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the comparison">
      <title>Compare test runs</title>
      <Skeleton className="h-9 w-72" />
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </div>
  )
}
