import { useId, type ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hearth/ui/components/card'
import { cn } from '@hearth/ui/lib/utils'

type CardSectionProps = {
  title: string
  description?: ReactNode
  icon: LucideIcon
  /** Shown at the header's end (a count, a badge). */
  aside?: ReactNode
  className?: string
  children: ReactNode
}

/** One tool of the page: a card that is also a named region, so its fields can be found by its title. */
export function CardSection({ title, description, icon: Icon, aside, className, children }: CardSectionProps) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('min-w-0 gap-5', className)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2.5">
          <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-secondary text-primary" aria-hidden>
            <Icon className="size-4" />
          </span>
          <h2 id={titleId} className="font-display text-lg font-semibold tracking-tight">
            {title}
          </h2>
          {aside ? <span className="ml-auto">{aside}</span> : null}
        </CardTitle>
        {description ? <CardDescription className="text-pretty">{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-5">{children}</CardContent>
    </Card>
  )
}
