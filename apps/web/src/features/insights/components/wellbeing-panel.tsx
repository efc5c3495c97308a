// Issue 24 on the organiser's insights: the three-question loneliness scale before (intake) and after (later), and the
// change of the members who answered both. The server leaves out any part fewer than five members answered.
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hearth/ui/components/card'

/** `wellbeingSummary` of the server (features/wellbeing/lookup.ts), as GET /api/insights carries it. */
export type WellbeingSummary = {
  minimum: number
  intake: { members: number; meanScore: number } | null
  later: { members: number; meanScore: number } | null
  paired: { members: number; meanIntake: number; meanLater: number; meanChange: number } | null
}

const one = (value: number) => value.toFixed(1)
const members = (n: number) => `${n} member${n === 1 ? '' : 's'}`

export function WellbeingPanel({ summary }: { summary: WellbeingSummary | null }) {
  const minimum = summary?.minimum ?? 5
  const hidden = `Fewer than ${minimum} members answered`
  const paired = summary?.paired ?? null
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Well-being (UCLA three-item loneliness scale)</h2>
        </CardTitle>
        <CardDescription>Mean scores of the three-question scale, asked by voice with consent.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 sm:grid-cols-3">
          <Tile
            label="Before (intake)"
            value={summary?.intake ? one(summary.intake.meanScore) : null}
            note={summary?.intake ? members(summary.intake.members) : hidden}
          />
          <Tile
            label="After (later)"
            value={summary?.later ? one(summary.later.meanScore) : null}
            note={summary?.later ? members(summary.later.members) : hidden}
          />
          <Tile
            label="Change, same members"
            value={paired ? `${paired.meanChange > 0 ? '+' : ''}${one(paired.meanChange)}` : null}
            note={paired ? `${one(paired.meanIntake)} → ${one(paired.meanLater)}, ${members(paired.members)}` : hidden}
          />
        </dl>
        <p className="text-xs text-muted-foreground">
          Scores run from 3 (least lonely) to 9 (most lonely); a negative change means members feel less lonely.
        </p>
      </CardContent>
    </Card>
  )
}

function Tile({ label, value, note }: { label: string; value: string | null; note: string }) {
  return (
    <div className="grid content-start gap-1 rounded-lg border bg-muted/30 p-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="grid gap-0.5">
        <span className={value === null ? 'text-sm font-medium' : 'font-display text-2xl font-semibold tabular-nums'}>{value ?? '—'}</span>
        <span className="text-xs text-muted-foreground">{note}</span>
      </dd>
    </div>
  )
}
