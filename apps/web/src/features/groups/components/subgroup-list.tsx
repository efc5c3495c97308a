// The group's subgroups (SPEC §2): name, member count and description.
import { Shapes } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'

import type { Subgroup } from '@/features/groups/api'
import { CardSection } from '@/components/card-section'
import { plural } from '@/features/groups/texts'

export function SubgroupList({ subgroups, className }: { subgroups: readonly Subgroup[]; className?: string }) {
  return (
    <CardSection
      title="Subgroup list"
      icon={Shapes}
      className={className}
      aside={<Badge variant="secondary">{plural(subgroups.length, 'subgroup')}</Badge>}
    >
      {subgroups.length === 0 ? (
        <p className="text-sm text-muted-foreground">No subgroups yet. Choose how many users per subgroup and Assign SubGroups.</p>
      ) : (
        <ul aria-label="Subgroups" className="grid max-h-[28rem] gap-3 overflow-y-auto sm:grid-cols-2 lg:grid-cols-3">
          {subgroups.map((s) => (
            <li key={s.id} className="grid content-start gap-1 rounded-lg border bg-muted/20 p-3">
              <div className="flex items-start justify-between gap-2">
                <h3 className="font-medium text-pretty">{s.name}</h3>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">{plural(s.memberCount, 'member')}</span>
              </div>
              {s.description && <p className="text-sm text-pretty text-muted-foreground">{s.description}</p>}
            </li>
          ))}
        </ul>
      )}
    </CardSection>
  )
}
