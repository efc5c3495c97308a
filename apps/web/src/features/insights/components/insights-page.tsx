// Insights (PRODUCT §11 "Organiser insight"): the community loop's steps for one group or all groups, as a chart and
// a table (each step counts the members for whom it happened), the step that loses the most members, the well-being
// scale before and after, and the same steps by module, subgroup and group.
// Every number comes from the server, which withholds any count of 1 to 4 members: nothing here can show one.
import { useDeferredValue } from 'react'
import { getRouteApi, useRouter, useRouterState } from '@tanstack/react-router'
import { Download } from 'lucide-react'

import { buttonVariants } from '@hearth/ui/components/button-variants'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hearth/ui/components/card'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'
import { Skeleton } from '@hearth/ui/components/skeleton'
import { cn } from '@hearth/ui/lib/utils'

import { LoadFailed } from '@/components/load-failed'
import { exportUrl, type Insights } from '@/features/insights/api'
import { BreakdownTable } from '@/features/insights/components/breakdown-table'
import { FunnelChart } from '@/features/insights/components/funnel-chart'
import { FunnelTable } from '@/features/insights/components/funnel-table'
import { WellbeingPanel } from '@/features/insights/components/wellbeing-panel'
import { stepWord } from '@/features/insights/labels'

const route = getRouteApi('/_staff/_admin/insights')
const ALL = 'all'

export function InsightsPage() {
  const result = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()
  const loading = useRouterState({ select: (state) => state.status === 'pending' })
  // Faded only while another group's numbers are on their way, not while the router settles the first load.
  const pending = loading && result.ok && result.data.insights.groupId !== (search.groupId ?? null)
  const groups = result.ok ? result.data.groups : []
  // A group from a link that is not in the list (yet) stays choosable.
  const choices =
    search.groupId && !groups.some((g) => g.id === search.groupId) ? [...groups, { id: search.groupId, name: search.groupId }] : groups

  return (
    <section className="grid min-w-0 gap-5" aria-labelledby="insights-title">
      <title>Insights · Hearth</title>
      <Header />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid w-full gap-1.5 sm:w-72">
          <Label htmlFor="insights-group">Group</Label>
          <Select
            value={search.groupId ?? ALL}
            onValueChange={(next) => navigate({ search: next === ALL ? {} : { groupId: next } })}
            disabled={pending}
          >
            <SelectTrigger id="insights-group" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL}>All groups</SelectItem>
              {choices.map((g) => (
                <SelectItem key={g.id} value={g.id}>
                  {g.name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <a href={exportUrl(search.groupId)} download className={buttonVariants({ variant: 'outline' })}>
          <Download aria-hidden />
          Download CSV
        </a>
      </div>
      {result.ok ? (
        <div className={cn('grid min-w-0 gap-5 transition-opacity', pending && 'opacity-60')} aria-busy={pending || undefined}>
          <InsightsBody insights={result.data.insights} />
        </div>
      ) : (
        <LoadFailed title="Failed to load insights" error={result.error} onRetry={() => router.invalidate()} />
      )}
    </section>
  )
}

function Header() {
  return (
    <header className="grid gap-1">
      <h1 id="insights-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
        Insights
      </h1>
      <p className="text-sm text-muted-foreground sm:text-base">
        From invitation to meeting again. Each step counts the members for whom it happened; “of previous step” is the share of the previous
        step’s members who also made this one. Numbers for fewer than 5 members are hidden so no one can be picked out.
      </p>
    </header>
  )
}

function InsightsBody({ insights }: { insights: Insights }) {
  // The breakdowns (all groups: hundreds of rows) render once the funnel is on screen.
  const later = useDeferredValue<Insights | null>(insights, null)
  const scope = insights.groupName ?? 'All groups'
  if (insights.members === 0) {
    return (
      <Card className="min-w-0">
        <CardContent className="py-10 text-center">
          <p className="font-medium">No members yet</p>
          <p className="text-sm text-muted-foreground">Add members to a group and invite them; their progress shows here.</p>
        </CardContent>
      </Card>
    )
  }
  const drop = insights.biggestDropOff
  const before = drop ? insights.funnel.find((s) => s.step === drop.from)?.count : null
  return (
    <>
      {insights.hidden ? (
        <p role="status" className="rounded-xl border bg-card p-4 text-sm">
          {scope} has fewer than 5 members, so its numbers are hidden.
        </p>
      ) : (
        <p className="text-base">
          {drop ? (
            <>
              Most members are lost between {stepWord(drop.from)} and {stepWord(drop.to)}:{' '}
              <strong>
                {drop.lost.toLocaleString('en-US')} of {(before ?? drop.lost).toLocaleString('en-US')}
              </strong>
              .
            </>
          ) : (
            'No step loses members that can be shown.'
          )}{' '}
          <span className="text-muted-foreground">{insights.members?.toLocaleString('en-US')} members.</span>
        </p>
      )}
      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>
            <h2>Funnel</h2>
          </CardTitle>
          <CardDescription>{scope}: members at each step, and their share of all members.</CardDescription>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          {!insights.hidden && <FunnelChart funnel={insights.funnel} title={`Funnel of ${scope}`} />}
          <FunnelTable funnel={insights.funnel} caption={`Funnel of ${scope}`} />
        </CardContent>
      </Card>
      <WellbeingPanel summary={insights.wellbeing} />
      {later && later.groupId === insights.groupId ? (
        <Breakdowns insights={later} />
      ) : (
        <Skeleton className="h-64 w-full rounded-xl" role="status" aria-label="Loading the breakdowns" />
      )}
    </>
  )
}

function Breakdowns({ insights }: { insights: Insights }) {
  return (
    <>
      <Breakdown
        title="By module"
        description="The module of each member's first conversation."
        nameHeader="Module"
        partWord="modules"
        empty="No modules yet."
        rows={insights.modules.map((m) => ({ key: m.module, name: m.module, ...m }))}
      />
      <Breakdown
        title="By subgroup"
        description="Members of each current subgroup."
        nameHeader="Subgroup"
        partWord="subgroups"
        empty="No subgroups assigned yet."
        rows={insights.subgroups.map((s) => ({ ...s, key: s.subgroupId, name: insights.groupId ? s.name : `${s.groupName} · ${s.name}` }))}
      />
      {insights.groupId === null && (
        <Breakdown
          title="By group"
          description="Members of each group."
          nameHeader="Group"
          partWord="groups"
          empty="No groups with members yet."
          rows={insights.groups.map((g) => ({ key: g.groupId, ...g }))}
        />
      )}
    </>
  )
}

type BreakdownProps = { title: string; description: string } & Omit<Parameters<typeof BreakdownTable>[0], 'caption'>

function Breakdown({ title, description, ...table }: BreakdownProps) {
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="min-w-0">
        <BreakdownTable {...table} caption={title} />
      </CardContent>
    </Card>
  )
}

/** The first load's placeholder: the header, the chooser and a chart-sized skeleton. */
export function InsightsPending() {
  return (
    <section className="grid gap-5" aria-busy="true" aria-label="Loading insights">
      <title>Insights · Hearth</title>
      <Header />
      <Skeleton className="h-9 w-72 max-w-full" />
      <Skeleton className="h-80 w-full rounded-xl" />
      <Skeleton className="h-64 w-full rounded-xl" />
    </section>
  )
}
