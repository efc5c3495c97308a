import { useId, type ReactNode } from 'react'
import type { LucideIcon } from 'lucide-react'

import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hearth/ui/components/card'
import { cn } from '@hearth/ui/lib/utils'

type CardSectionProps = {
  title: string
  description: ReactNode
  icon: LucideIcon
  className?: string
  children: ReactNode
}

/** One tool of the page: a card that is also a named region, so each card's fields can be found by its title. */
export function CardSection({ title, description, icon: Icon, className, children }: CardSectionProps) {
  const titleId = useId()
  return (
    <Card role="region" aria-labelledby={titleId} className={cn('gap-5', className)}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2.5">
          <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-secondary text-primary" aria-hidden>
            <Icon className="size-4" />
          </span>
          <h2 id={titleId} className="font-display text-lg font-semibold tracking-tight">
            {title}
          </h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}
