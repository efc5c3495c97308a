import * as React from 'react'
import type { VariantProps } from 'class-variance-authority'
import { Slot } from 'radix-ui'

import { buttonVariants } from '@hearth/ui/components/button-variants'
import { cn } from '@hearth/ui/lib/utils'

function Button({
  className,
  variant,
  size,
  asChild = false,
  ...props
}: React.ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean }) {
  const Comp = asChild ? Slot.Root : 'button'
  return <Comp data-slot="button" className={cn(buttonVariants({ variant, size, className }))} {...props} />
}

export { Button, buttonVariants }
