import { useState } from 'react'
import { Cpu, Eye, TriangleAlert, X } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { IOS_BROWSER_WARNING, isIosNonSafari } from '@/features/user-page/platform'

/** SPEC §8: the iOS non-Safari warning, shown until the person dismisses it. */
export function IosBrowserWarning() {
  const [visible, setVisible] = useState(() =>
    typeof navigator === 'undefined' ? false : isIosNonSafari(navigator.userAgent, navigator.maxTouchPoints),
  )
  if (!visible) return null
  return (
    <div role="alert" className="mx-auto flex w-full max-w-3xl items-start gap-3 px-4 pt-3 sm:px-6">
      <div className="flex w-full items-start gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 shadow-xs">
        <TriangleAlert className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
        <p className="flex-1">{IOS_BROWSER_WARNING}</p>
        <Button
          variant="ghost"
          size="icon-sm"
          className="-my-1 shrink-0 text-amber-900 hover:bg-amber-100"
          aria-label="Dismiss warning"
          onClick={() => setVisible(false)}
        >
          <X />
        </Button>
      </div>
    </div>
  )
}

export const LOCAL_PROVIDER_LABEL = 'Local voice provider — no OpenAI key configured'

/** PRODUCT §5: the local provider is marked clearly wherever voice is used. */
export function LocalProviderNotice() {
  return (
    <p className="inline-flex max-w-full items-center gap-2 rounded-full border border-dashed border-primary/40 bg-accent/60 px-3 py-1 text-xs font-medium text-accent-foreground">
      <Cpu className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">{LOCAL_PROVIDER_LABEL}</span>
    </p>
  )
}

/** Staff looking at someone's page: talking works, but nothing is saved for that person. */
export function StaffPreviewNotice({ name }: { name: string }) {
  return (
    <p className="inline-flex max-w-full items-center gap-2 rounded-full border bg-secondary px-3 py-1 text-xs font-medium text-secondary-foreground">
      <Eye className="size-3.5 shrink-0" aria-hidden />
      <span className="truncate">Staff preview of {name} — nothing is saved for them</span>
    </p>
  )
}
