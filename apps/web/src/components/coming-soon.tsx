import type { ReactNode } from 'react'
import { Hammer } from 'lucide-react'

import { Badge } from '@hearth/ui/components/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@hearth/ui/components/card'

type ComingSoonProps = {
  title: string
  description: string
  /** What the finished screen will offer, shown as a short list. */
  features?: string[]
  children?: ReactNode
}

/** Stand-in for a screen that a later change fills in. */
export function ComingSoon({ title, description, features = [], children }: ComingSoonProps) {
  return (
    <section className="grid gap-6" aria-labelledby="page-title">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="page-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
          {title}
        </h1>
        <Badge variant="secondary">Coming soon</Badge>
      </div>
      <Card className="border-dashed bg-card/70">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            <Hammer className="size-4 text-primary" aria-hidden />
            This screen is being built
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        {(features.length > 0 || children) && (
          <CardContent className="grid gap-4">
            {features.length > 0 && (
              <ul className="grid gap-2 text-sm text-muted-foreground sm:grid-cols-2">
                {features.map((feature) => (
                  <li key={feature} className="flex gap-2">
                    <span className="mt-2 size-1.5 shrink-0 rounded-full bg-primary/60" aria-hidden />
                    {feature}
                  </li>
                ))}
              </ul>
            )}
            {children}
          </CardContent>
        )}
      </Card>
    </section>
  )
}
