import { Copy } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'

import { copyText } from '@/lib/clipboard'
import { notify } from '@/lib/notify'

type CopyButtonProps = {
  /** The text to copy, or a function that makes it at click time. */
  text: string | (() => string)
  /** The success toast, as SPEC words it (e.g. 'URL copied to clipboard!'). */
  successMessage: string
  /** Shown instead of copying when there is nothing (e.g. 'No conversation to copy'). */
  emptyMessage?: string
  label?: string
  disabled?: boolean
  variant?: 'default' | 'outline' | 'secondary' | 'ghost'
  size?: 'default' | 'sm' | 'icon'
}

export function CopyButton({
  text,
  successMessage,
  emptyMessage,
  label = 'Copy',
  disabled,
  variant = 'outline',
  size = 'default',
}: CopyButtonProps) {
  const copy = async () => {
    const value = typeof text === 'function' ? text() : text
    if (!value) {
      if (emptyMessage) notify.info(emptyMessage)
      return
    }
    if (await copyText(value)) notify.short(successMessage)
    else notify.error('The browser did not allow copying. Select the text and copy it by hand.')
  }
  return (
    <Button type="button" variant={variant} size={size} onClick={copy} disabled={disabled} aria-label={size === 'icon' ? label : undefined}>
      <Copy aria-hidden />
      {size === 'icon' ? null : label}
    </Button>
  )
}
