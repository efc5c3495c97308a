// The members table (SPEC §2): searched and paged in SQL (100 a page, 'Page X of Y', state in the URL), the group's
// totals, and per-member invitations and assignment notices with SPEC §8's texts; a repeat the server refuses
// (PRODUCT §6) is sent again only after the admin confirms.
import { useCallback, useMemo, useState } from 'react'
import { getRouteApi, useRouterState } from '@tanstack/react-router'

import { cn } from '@hearth/ui/lib/utils'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { DataTable } from '@/components/data-table/data-table'
import { DataTablePagination } from '@/components/data-table/data-table-pagination'
import { pageCount } from '@/components/data-table/pagination-window'
import { MEMBERS_PAGE_SIZE, type GroupPage, type Member } from '@/features/groups/api'
import { AlreadySentError } from '@/features/groups/blast-api'
import { memberColumns } from '@/features/groups/components/member-columns'
import { SearchBox } from '@/components/search-box'
import { sendToMember, type MemberSend } from '@/features/groups/send-api'
import { alreadySentText, sendFailure, sentText } from '@/features/groups/texts'
import { isApiError } from '@/lib/api'
import { notify, TOAST_MS } from '@/lib/notify'

const route = getRouteApi('/_staff/_admin/groups/$groupId')

type Refused = { member: Member; send: MemberSend; error: AlreadySentError }

export function MembersSection({ group, moduleName }: { group: GroupPage; moduleName: string }) {
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const pending = useRouterState({ select: (state) => state.status === 'pending' })
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set())
  const [refused, setRefused] = useState<Refused | null>(null)

  const page = search.page ?? 1
  const q = search.q ?? ''
  const pages = pageCount(group.total, MEMBERS_PAGE_SIZE)
  const { totals } = group

  const send = useCallback(
    async (member: Member, what: MemberSend, force = false) => {
      const key = member.fileName
      setBusy((current) => new Set(current).add(key))
      // SPEC §9: assignment notices stay 7 s.
      const durationMs = what.kind === 'assign' ? TOAST_MS.assignment : undefined
      try {
        const target = {
          groupId: group.id,
          userFile: member.fileName,
          phone: member.phone_number,
          email: member.email,
          subgroupId: member.subgroup?.subgroupId ?? null,
          moduleName,
        }
        const answer = await sendToMember(what, target, force)
        // Sent again within a minute, the server answers the same message instead of sending a second one.
        const description = answer.duplicate ? 'It was sent moments ago, so it was not sent twice.' : answer.message
        // SPEC's 'SMS sent to {name}' only for a real send; with no provider, the server's words say it was kept.
        if (answer.status === 'kept') notify.info(answer.message, { description: answer.duplicate ? description : undefined, durationMs })
        else notify.success(sentText(what.channel, member.name), { description, durationMs })
      } catch (error) {
        if (error instanceof AlreadySentError) return setRefused({ member, send: what, error })
        const status = isApiError(error) ? error.status : 0
        const { title, description } = sendFailure(what.channel, status, error instanceof Error ? error.message : '')
        notify.error(title, { description, durationMs })
      } finally {
        setBusy((current) => {
          const next = new Set(current)
          next.delete(key)
          return next
        })
      }
    },
    [group.id, moduleName],
  )

  const isBusy = useCallback((m: Member) => busy.has(m.fileName), [busy])
  const columns = useMemo(() => memberColumns((m, what) => void send(m, what), isBusy), [send, isBusy])

  const goTo = (next: number) => navigate({ search: (s) => ({ ...s, page: next > 1 ? next : undefined }) })
  const searchFor = (text: string) => navigate({ search: (s) => ({ ...s, q: text || undefined, page: undefined }), replace: true })

  const stats: Array<[string, number]> = [
    ['Members', totals.members],
    ['With a subgroup', totals.withSubgroup],
    ['With a profile', totals.withProfile],
  ]

  return (
    <section className="grid min-w-0 gap-4" aria-labelledby="members-title">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-3">
          <h2 id="members-title" className="font-display text-xl font-semibold tracking-tight">
            Members
          </h2>
          <dl aria-label="Totals" className="flex flex-wrap gap-2">
            {stats.map(([label, value]) => (
              <div key={label} className="flex items-baseline gap-1.5 rounded-lg border bg-card px-3 py-1.5 shadow-xs">
                <dt className="order-2 text-xs text-muted-foreground">{label}</dt>
                <dd className="font-display text-lg font-semibold tabular-nums">{value.toLocaleString()}</dd>
              </div>
            ))}
          </dl>
        </div>
        <SearchBox label="Search members" placeholder="Name, e-mail or phone" value={q} onSearch={searchFor} />
      </div>
      {q && (
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {`${group.total.toLocaleString()} matching “${q}”`}
        </p>
      )}
      <div
        className={cn('min-w-0 rounded-xl border bg-card shadow-xs transition-opacity', pending && 'opacity-60')}
        aria-busy={pending || undefined}
      >
        <DataTable
          label="Members"
          columns={columns}
          data={group.members}
          getRowId={(m) => m.fileName}
          fit
          emptyText={q ? 'No members found' : 'No members yet. Add them above, or generate test users.'}
        />
      </div>
      <DataTablePagination page={page} pageCount={pages} onPageChange={goTo} disabled={pending} />
      <ConfirmDialog
        open={refused !== null}
        onOpenChange={(open) => !open && setRefused(null)}
        title={refused ? `Send to ${refused.member.name} again?` : ''}
        description={refused ? `${alreadySentText(refused.error.alreadySent, refused.error.sentAt)}.` : undefined}
        confirmLabel="Send again"
        onConfirm={() => refused && send(refused.member, refused.send, true)}
      />
    </section>
  )
}
