// How the Users screen words numbers for a person (dates: lib/dates.ts), and the bars of the analytics chart. Pure,
// so the unit tests pin them without a browser.

// Intl formatters are costly to build and a page shows a hundred rows: one per locale.
const formatters = new Map<string, Intl.NumberFormat>()
function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let formatter = formatters.get(key)
  if (!formatter) formatters.set(key, (formatter = make()))
  return formatter
}

/** Minutes with at most one decimal ("12.5", "1,204", "0"). */
export function formatMinutes(minutes: number, locale?: string): string {
  const format = cached(`n:${locale}`, () => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }))
  return format.format(Number.isFinite(minutes) ? minutes : 0)
}

export type ModuleBar = { moduleName: string; minutes: number; percent: number }

/** Minutes per module, most first (ties by name), each as a share of the longest bar (0–100). */
export function moduleBars(sessions: ReadonlyArray<{ moduleName: string; duration: number }>): ModuleBar[] {
  const sorted = [...sessions]
    .filter((s) => Number.isFinite(s.duration) && s.duration > 0)
    .sort((a, b) => b.duration - a.duration || a.moduleName.localeCompare(b.moduleName))
  const longest = sorted[0]?.duration ?? 0
  return sorted.map((s) => ({
    moduleName: s.moduleName,
    minutes: s.duration,
    // A bar of a few seconds next to hours still shows as a sliver.
    percent: longest > 0 ? Math.max(2, Math.round((s.duration / longest) * 1000) / 10) : 0,
  }))
}

/** The groups a member shows in the table (SPEC: the first 2) and how many more there are. */
export function visibleGroups<T>(groups: readonly T[], shown = 2): { visible: T[]; more: number } {
  return { visible: groups.slice(0, shown), more: Math.max(0, groups.length - shown) }
}

/** What a revocation did, in words: "2 links revoked · 1 sign-in ended · 1 live voice session ended". */
export function revokedText({ revoked, signedOut, liveSessionsEnded }: { revoked: number; signedOut: number; liveSessionsEnded: number }) {
  const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`
  return [
    count(revoked, 'personal link revoked', 'personal links revoked'),
    count(signedOut, 'sign-in ended', 'sign-ins ended'),
    count(liveSessionsEnded, 'live voice session ended', 'live voice sessions ended'),
  ].join(' · ')
}
