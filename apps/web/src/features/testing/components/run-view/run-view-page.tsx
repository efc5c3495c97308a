// The run view (PRODUCT §10): one test run's header, each case with its repeats and transcripts, and the coverage
// map with its table. Followed live (about once a second) while the run is queued or running.
import { useMemo } from 'react'
import { getRouteApi, Link } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'

import { buttonVariants } from '@hearth/ui/components/button'
import { Skeleton } from '@hearth/ui/components/skeleton'

import { CaseResults } from '@/features/testing/components/run-view/case-results'
import { CoverageMap } from '@/features/testing/components/run-view/coverage-map'
import { CoverageTable } from '@/features/testing/components/run-view/coverage-table'
import { RunHeader } from '@/features/testing/components/run-view/run-header'
import { SameCasesRun } from '@/features/testing/components/same-cases-run'
import { buildCoverageGraph } from '@/features/testing/runs/coverage-graph'
import { usePolling } from '@/features/testing/runs/use-polling'
import { fetchRunDetail, isLive, type RunDetail } from '@/features/testing/runs-api'
import { Panel } from '@/voice/components/panel'

const route = getRouteApi('/_staff/testing/runs/$runId')

export function RunViewPage() {
  const loaded = route.useLoaderData()
  const { runId } = route.useParams()
  if (!loaded.ok) return <RunLoadFailed runId={runId} error={loaded.error} notFound={loaded.status === 404} />
  return <RunView runId={runId} initial={loaded.value} />
}

function RunView({ runId, initial }: { runId: string; initial: RunDetail }) {
  const { value: run, error } = usePolling({
    key: runId,
    initial,
    load: (signal) => fetchRunDetail(runId, { signal }),
    live: (r) => isLive(r.status),
  })
  const graph = useMemo(() => buildCoverageGraph(run.graph.prompts, run.coverage), [run.graph, run.coverage])
  const live = isLive(run.status)
  return (
    <div className="grid gap-6">
      <title>{`Test run · ${run.sequence} v${run.version}`}</title>
      <nav className="flex flex-wrap items-center justify-between gap-2" aria-label="Run actions">
        <Link to="/testing" className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden />
          Testing
        </Link>
        <Link
          to="/prompt-manager"
          search={{ sequence: `${run.sequence}.json`, version: run.version }}
          className={buttonVariants({ variant: 'outline', size: 'sm' })}
        >
          Edit prompts
        </Link>
      </nav>
      <RunHeader run={run} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          Live progress could not be read ({error}); trying again.
        </p>
      )}
      <Panel title="Cases">
        <CaseResults cases={run.cases} live={live} />
      </Panel>
      <Panel title="Coverage">
        <p className="text-sm text-muted-foreground">
          Prompts of v{run.version} and their next prompts; dashed: taken but not in the JSON. Each prompt shows the share of the{' '}
          {run.coverage.attempts} attempts that reached it; each edge the share that took it, then premature / on time / missed.
        </p>
        {graph.nodes.length === 0 ? (
          <p className="text-sm text-muted-foreground">This version has no prompts to draw.</p>
        ) : (
          <>
            <CoverageMap graph={graph} label={`Coverage map of ${run.sequence} v${run.version}`} />
            <CoverageTable graph={graph} />
          </>
        )}
      </Panel>
      <Panel title="Compare">
        <p className="text-sm text-muted-foreground">Run these cases on another version and compare the two runs case by case.</p>
        <SameCasesRun run={run} />
      </Panel>
    </div>
  )
}

function RunLoadFailed({ runId, error, notFound }: { runId: string; error: string; notFound: boolean }) {
  return (
    <section className="grid justify-items-start gap-3" aria-labelledby="run-failed">
      <title>Test run</title>
      <h1 id="run-failed" className="font-display text-2xl font-semibold">
        {notFound ? 'Run not found' : 'The run could not be loaded'}
      </h1>
      <p role="alert" className="text-sm text-muted-foreground break-words">
        {notFound ? `There is no test run ${runId}.` : error}
      </p>
      <Link to="/testing" className={buttonVariants({ variant: 'outline' })}>
        Back to Testing
      </Link>
    </section>
  )
}

export function RunViewPending() {
  return (
    <div className="grid gap-6" aria-busy="true" aria-label="Loading the test run">
      <title>Test run</title>
      <Skeleton className="h-40 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
      <Skeleton className="h-96 w-full rounded-xl" />
    </div>
  )
}
