// Group detail (SPEC §2 "Group detail", §8): the group's name, adding members, its module and invitations, subgroups,
// test users, meeting up (PRODUCT §11), and its members table. The loader reads one page of members; the group, the
// modules, the blasts and the meeting-up numbers may each fail without taking the rest down.
import { useEffect, useState } from 'react'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'

import { Skeleton } from '@hearth/ui/components/skeleton'

import type { GroupPage, Settled } from '@/features/groups/api'
import type { Blast } from '@/features/groups/blast-api'
import type { GroupInsights, MetSettings } from '@/features/groups/loop-api'
import { DEFAULT_INVITE_MODULE, InvitationsCard } from '@/features/groups/components/invitations-card'
import { LoadFailed } from '@/components/load-failed'
import { InsightsLink } from '@/features/groups/components/insights-link'
import { MassAddCard } from '@/features/groups/components/mass-add-card'
import { MeetingUpCard } from '@/features/groups/components/meeting-up-card'
import { MembersSection } from '@/features/groups/components/members-section'
import { SubgroupList } from '@/features/groups/components/subgroup-list'
import { SubgroupsCard } from '@/features/groups/components/subgroups-card'
import { TestUsersCard } from '@/features/groups/components/test-users-card'
import { useBlasts } from '@/features/groups/use-blasts'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/_admin/groups/$groupId')

const NO_BLASTS: Blast[] = []

export function GroupDetailPage() {
  const { group, modules, blasts, metSettings, insights } = route.useLoaderData()
  const router = useRouter()

  useEffect(() => {
    if (!group.ok) notify.error(`Failed to fetch group details: ${group.error || 'Unknown error'}`)
  }, [group])
  useEffect(() => {
    if (!modules.ok) notify.error(`Failed to fetch modules: ${modules.error}`)
  }, [modules])

  if (!group.ok) {
    return (
      <section className="grid gap-5">
        <title>Group · Hearth</title>
        <BackLink />
        <LoadFailed title="Failed to fetch group details" error={group.error || 'Unknown error'} onRetry={() => router.invalidate()} />
      </section>
    )
  }
  return (
    <GroupDetail
      group={group.data}
      modules={modules}
      blasts={blasts.ok ? blasts.data : NO_BLASTS}
      metSettings={metSettings}
      insights={insights}
    />
  )
}

type GroupDetailProps = {
  group: GroupPage
  modules: Settled<string[]>
  blasts: Blast[]
  metSettings: Settled<MetSettings>
  insights: Settled<GroupInsights>
}

function GroupDetail({ group, modules, blasts, metSettings, insights }: GroupDetailProps) {
  const { latest, track } = useBlasts(blasts)
  const [chosenModule, setChosenModule] = useState<string | null>(null)
  const names = modules.ok ? modules.data : []
  const fallback = names.find((n) => n.toLowerCase() === DEFAULT_INVITE_MODULE.toLowerCase()) ?? names[0] ?? ''
  // Isolated: invitations link to that module. Otherwise the one chosen here, else SPEC §9's default.
  const moduleName = group.isolatedModule ?? chosenModule ?? fallback
  const onStarted = (started: Parameters<typeof track>[0]) => track(started, group.id)

  return (
    <section className="grid min-w-0 gap-6" aria-labelledby="group-title">
      <title>{`${group.name} · Groups · Hearth`}</title>
      <header className="grid gap-2">
        <BackLink />
        <h1 id="group-title" className="font-display text-2xl font-semibold tracking-tight break-words sm:text-3xl">
          {group.name}
        </h1>
        {group.isolatedModule && <p className="text-sm text-muted-foreground">{`Isolated to ${group.isolatedModule}`}</p>}
        <InsightsLink groupId={group.id} />
      </header>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <MassAddCard groupId={group.id} />
        <InvitationsCard
          groupId={group.id}
          isolatedModule={group.isolatedModule}
          modules={modules}
          moduleName={moduleName}
          onModuleChange={setChosenModule}
          latest={latest}
          onStarted={onStarted}
        />
        <SubgroupsCard groupId={group.id} subgroupCount={group.subgroups.length} latest={latest} onStarted={onStarted} />
        <TestUsersCard groupId={group.id} />
        <MeetingUpCard groupId={group.id} settings={metSettings} insights={insights} className="lg:col-span-2" />
        <SubgroupList subgroups={group.subgroups} className="lg:col-span-2" />
      </div>
      <MembersSection group={group} moduleName={moduleName} />
    </section>
  )
}

function BackLink() {
  return (
    <Link
      to="/groups"
      className="inline-flex w-fit items-center gap-1.5 rounded-md text-sm text-muted-foreground outline-none hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      <ArrowLeft className="size-4" aria-hidden />
      All groups
    </Link>
  )
}

/** Shown while a slow first load runs (the route's pendingComponent). */
export function GroupDetailPending() {
  return (
    <section className="grid gap-6" aria-busy="true" aria-label="Loading the group">
      <title>Group · Hearth</title>
      <div className="grid gap-2">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-64 max-w-full" />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-64 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-96 rounded-xl" />
    </section>
  )
}
