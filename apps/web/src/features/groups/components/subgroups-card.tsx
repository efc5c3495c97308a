// Subgroups (SPEC §2): split the members into subgroups of about N (the server groups similar profiles and names
// each subgroup), then tell every member their subgroup by SMS or e-mail (disabled while there are no subgroups).
import { useId, useState, type FormEvent } from 'react'
import { useRouter } from '@tanstack/react-router'
import { LoaderCircle, Mail, MessageSquare, Shapes } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'

import { assignSubgroups } from '@/features/groups/api'
import type { Blast, BlastKind, BlastStarted } from '@/features/groups/blast-api'
import { BlastButton } from '@/features/groups/components/blast-button'
import { BlastStatus } from '@/features/groups/components/blast-status'
import { CardSection } from '@/components/card-section'
import { plural, usersPerSubgroup } from '@/features/groups/texts'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

type SubgroupsCardProps = {
  groupId: string
  subgroupCount: number
  latest: Partial<Record<BlastKind, Blast>>
  onStarted: (started: BlastStarted) => void
  className?: string
}

const formatCost = (usd: number) => `$${usd.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`

export function SubgroupsCard({ groupId, subgroupCount, latest, onStarted, className }: SubgroupsCardProps) {
  const router = useRouter()
  const fieldId = useId()
  const [size, setSize] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ usersAssigned: number; cost: number } | null>(null)
  const perSubgroup = usersPerSubgroup(size)

  const assign = async (event: FormEvent) => {
    event.preventDefault()
    if (perSubgroup === null || busy) return
    setBusy(true)
    try {
      const answer = await assignSubgroups(groupId, perSubgroup)
      setResult({ usersAssigned: answer.usersAssigned, cost: answer.cost.total_cost })
      notify.success(`Assigned ${plural(answer.usersAssigned, 'user')} to subgroups`, {
        description: `Cost ${formatCost(answer.cost.total_cost)}`,
      })
      await router.invalidate()
    } catch (error) {
      notify.error(`Failed to assign subgroups: ${errorMessage(error)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <CardSection
      title="Subgroups"
      icon={Shapes}
      className={className}
      description="Members with similar profiles are placed together; each subgroup gets a name and a description."
    >
      <form onSubmit={assign} className="grid gap-2">
        <Label htmlFor={`${fieldId}-size`}>Users per subgroup</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={`${fieldId}-size`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={size}
            onChange={(event) => setSize(event.target.value)}
            className="w-28"
            aria-describedby={`${fieldId}-result`}
          />
          <Button type="submit" disabled={perSubgroup === null || busy}>
            {busy && <LoaderCircle className="animate-spin" aria-hidden />}
            Assign SubGroups
          </Button>
        </div>
        <p id={`${fieldId}-result`} role="status" className="text-xs text-muted-foreground">
          {busy
            ? 'Assigning… the AI reads every profile, which can take a minute for a large group.'
            : result
              ? `${plural(result.usersAssigned, 'user')} assigned · cost ${formatCost(result.cost)}`
              : 'At least 1. Assigning again replaces the current subgroups.'}
        </p>
      </form>
      <div className="grid gap-2">
        <p className="text-sm font-medium">Tell members their subgroup</p>
        <div className="flex flex-wrap gap-2">
          {(['assignment-sms', 'assignment-email'] as const).map((kind) => (
            <BlastButton
              key={kind}
              groupId={groupId}
              kind={kind}
              label={kind === 'assignment-sms' ? 'Blast Assignment SMS' : 'Blast Assignment Email'}
              icon={kind === 'assignment-sms' ? <MessageSquare aria-hidden /> : <Mail aria-hidden />}
              disabled={subgroupCount === 0}
              running={latest[kind] ? !latest[kind].done : false}
              onStarted={onStarted}
            />
          ))}
        </div>
        {subgroupCount === 0 && <p className="text-xs text-muted-foreground">Assign subgroups first.</p>}
        {latest['assignment-sms'] && <BlastStatus blast={latest['assignment-sms']} onStarted={onStarted} />}
        {latest['assignment-email'] && <BlastStatus blast={latest['assignment-email']} onStarted={onStarted} />}
      </div>
    </CardSection>
  )
}
