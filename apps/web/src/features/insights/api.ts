// The Insights screen's calls (PRODUCT §11): the funnel for a group or all, and the groups to choose from.
import { client, errorMessage, isAbortError, unwrap } from '@/lib/api'

/** The largest page the groups list serves: the chooser lists this many groups at most. */
const GROUP_CHOICES = 500

export async function fetchInsights(groupId: string | undefined, options: { signal?: AbortSignal } = {}) {
  return unwrap(client.api.insights.get({ query: groupId ? { groupId } : {}, fetch: { signal: options.signal } }))
}

export type Insights = Awaited<ReturnType<typeof fetchInsights>>
export type FunnelStep = Insights['funnel'][number]

async function fetchGroupChoices(signal?: AbortSignal) {
  const data = await unwrap(client.api['get-groups'].get({ query: { page: 1, pageSize: GROUP_CHOICES }, fetch: { signal } }))
  const groups = Array.isArray(data) ? data : data.groups
  return groups.map((g) => ({ id: g.id, name: g.name }))
}

/** The route's loader: a failure becomes an error state on the page, not a broken route. */
export async function loadInsights(groupId: string | undefined, signal: AbortSignal) {
  try {
    const [insights, groups] = await Promise.all([fetchInsights(groupId, { signal }), fetchGroupChoices(signal)])
    return { ok: true as const, data: { insights, groups } }
  } catch (error) {
    if (isAbortError(error)) throw error
    return { ok: false as const, error: errorMessage(error) }
  }
}

/** The CSV of the same numbers (an attachment: the browser downloads it with the staff cookie). */
export const exportUrl = (groupId: string | undefined) => `/api/insights/export${groupId ? `?groupId=${encodeURIComponent(groupId)}` : ''}`
