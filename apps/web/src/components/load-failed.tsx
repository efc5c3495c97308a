import { useState } from 'react'
import { RotateCcw } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

/** A part of the page that could not be loaded: what failed, why, and a retry. */
export function LoadFailed({ title, error, onRetry }: { title: string; error: string; onRetry: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false)
  const retry = async () => {
    setRetrying(true)
    try {
      await onRetry()
    } finally {
      setRetrying(false)
    }
  }
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-destructive/30 bg-destructive/5 p-6">
      <div>
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{error}</p>
      </div>
      <Button variant="outline" onClick={retry} disabled={retrying}>
        <RotateCcw className={retrying ? 'animate-spin' : undefined} aria-hidden />
        Try again
      </Button>
    </div>
  )
}
