// The module of the group's invitations and 'Isolate to this Module' (PRODUCT §9: members then see only that module
// on their user page, and invitations link to it), and the initiation SMS and e-mail blasts (SPEC §2).
import { useId, useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { Mail, MessageSquare, Send } from 'lucide-react'

import { Checkbox } from '@hearth/ui/components/checkbox'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { setGroupModule, type Settled } from '@/features/groups/api'
import type { Blast, BlastKind, BlastStarted } from '@/features/groups/blast-api'
import { BlastButton } from '@/features/groups/components/blast-button'
import { BlastStatus } from '@/features/groups/components/blast-status'
import { CardSection } from '@/components/card-section'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

/** SPEC §9: the module of an invitation blast when none is chosen. */
export const DEFAULT_INVITE_MODULE = 'Get to Know You'

type InvitationsCardProps = {
  groupId: string
  isolatedModule: string | null
  modules: Settled<string[]>
  /** The module invitations link to (chosen here; the isolated one while isolated). */
  moduleName: string
  onModuleChange: (name: string) => void
  latest: Partial<Record<BlastKind, Blast>>
  onStarted: (started: BlastStarted) => void
  className?: string
}

export function InvitationsCard(props: InvitationsCardProps) {
  const { groupId, isolatedModule, modules, moduleName, onModuleChange, latest, onStarted, className } = props
  const router = useRouter()
  const fieldId = useId()
  // While saving, the checkbox shows what was asked for; the server's answer then takes over.
  const [saving, setSaving] = useState<{ isolated: boolean } | null>(null)
  const names = modules.ok ? modules.data : []
  // The isolated module may have been archived since: keep it choosable so the select still shows it.
  const options = isolatedModule && !names.includes(isolatedModule) ? [isolatedModule, ...names] : names

  const isolate = async (next: string | null) => {
    setSaving({ isolated: next !== null })
    try {
      const answer = await setGroupModule(groupId, next)
      notify.success(answer.isolatedModule ? `Group isolated to ${answer.isolatedModule}` : 'Group no longer isolated to a module')
      await router.invalidate()
    } catch (error) {
      notify.error('Failed to update the module', { description: errorMessage(error) })
    } finally {
      setSaving(null)
    }
  }

  const choose = (name: string) => {
    onModuleChange(name)
    if (isolatedModule && name !== isolatedModule) void isolate(name)
  }

  return (
    <CardSection
      title="Invitations"
      icon={Send}
      className={className}
      description="Invite every member to talk with Hearth: each gets a personal link to the module below."
    >
      <div className="grid gap-2">
        <Label htmlFor={`${fieldId}-module`}>Module</Label>
        <Select value={moduleName} onValueChange={choose} disabled={options.length === 0 || saving !== null}>
          <SelectTrigger id={`${fieldId}-module`} className="w-full">
            <SelectValue placeholder={modules.ok ? 'No modules' : 'Modules could not be loaded'} />
          </SelectTrigger>
          <SelectContent className="max-h-80">
            {options.map((name) => (
              <SelectItem key={name} value={name}>
                {name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        <div className="flex items-start gap-2.5 pt-1">
          <Checkbox
            id={`${fieldId}-isolate`}
            checked={saving ? saving.isolated : isolatedModule !== null}
            disabled={saving !== null || options.length === 0}
            onCheckedChange={(checked) => void isolate(checked === true ? moduleName : null)}
            aria-describedby={`${fieldId}-isolate-hint`}
            className="mt-0.5"
          />
          <div className="grid gap-0.5">
            <Label htmlFor={`${fieldId}-isolate`}>Isolate to this Module</Label>
            <p id={`${fieldId}-isolate-hint`} className="text-xs text-pretty text-muted-foreground">
              {isolatedModule
                ? `Members see only ${isolatedModule} under Choose Module, and every invitation links to it.`
                : 'Members then see only this module on their user page, and every invitation links to it.'}
            </p>
          </div>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {(['invite-sms', 'invite-email'] as const).map((kind) => (
          <BlastButton
            key={kind}
            groupId={groupId}
            kind={kind}
            moduleName={moduleName || undefined}
            label={kind === 'invite-sms' ? 'Blast Initiation SMS' : 'Blast Initiation Email'}
            icon={kind === 'invite-sms' ? <MessageSquare aria-hidden /> : <Mail aria-hidden />}
            running={latest[kind] ? !latest[kind].done : false}
            onStarted={onStarted}
          />
        ))}
      </div>
      {(latest['invite-sms'] || latest['invite-email']) && (
        <div className="grid gap-2">
          {latest['invite-sms'] && <BlastStatus blast={latest['invite-sms']} moduleName={moduleName || undefined} onStarted={onStarted} />}
          {latest['invite-email'] && (
            <BlastStatus blast={latest['invite-email']} moduleName={moduleName || undefined} onStarted={onStarted} />
          )}
        </div>
      )}
    </CardSection>
  )
}
