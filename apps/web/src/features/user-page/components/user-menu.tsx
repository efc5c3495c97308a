// The hamburger menu of the user page (SPEC §2: Choose Module, Settings) as a plain WAI-ARIA menu button: the
// Radix dropdown it replaces brought ~15 KB of positioning and focus code to every end user's first visit.
import { type KeyboardEvent, type ReactNode, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { Circle, HeartHandshake, Menu, Settings } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { cn } from '@hearth/ui/lib/utils'

import { moduleDisplayName } from '@/features/user-page/modules'

type UserMenuProps = {
  moduleName: string | null | undefined
  modules: string[] | null | undefined
  onChooseModule: (name: string) => void
  onOpenSettings: () => void
  /** "My well-being answers" (issue 24); the item is left out without it. */
  onOpenWellbeing?: () => void
  /** The menu opened (the page starts downloading the settings dialog). */
  onOpen?: () => void
}

const itemClassName =
  'relative flex w-full cursor-default items-center gap-2 rounded-sm py-2 pr-2 pl-8 text-left text-sm outline-hidden select-none focus:bg-accent focus:text-accent-foreground [&_svg]:pointer-events-none [&_svg]:shrink-0'

export function UserMenu({ moduleName, modules, onChooseModule, onOpenSettings, onOpenWellbeing, onOpen }: UserMenuProps) {
  // 'keyboard' opens with the first item focused, 'pointer' with the menu itself (as Radix menus do).
  const [openedBy, setOpenedBy] = useState<'keyboard' | 'pointer' | null>(null)
  const [position, setPosition] = useState({ top: 0, right: 0 })
  const triggerRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLDivElement>(null)
  const menuId = useId()
  const labelId = useId()
  const open = openedBy !== null

  const show = (by: 'keyboard' | 'pointer') => {
    setOpenedBy(by)
    onOpen?.()
  }
  const close = (focusTrigger: boolean) => {
    setOpenedBy(null)
    if (focusTrigger) triggerRef.current?.focus()
  }
  const items = () => [...(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])]

  // Below the trigger, right-aligned with it; the header is sticky, so only a resize moves it.
  useLayoutEffect(() => {
    if (!open) return
    const place = () => {
      const rect = triggerRef.current?.getBoundingClientRect()
      if (rect) setPosition({ top: rect.bottom + 4, right: Math.max(8, window.innerWidth - rect.right) })
    }
    place()
    window.addEventListener('resize', place)
    return () => window.removeEventListener('resize', place)
  }, [open])

  useEffect(() => {
    if (openedBy === 'keyboard') items()[0]?.focus()
    else if (openedBy === 'pointer') menuRef.current?.focus()
  }, [openedBy])

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const list = items()
    const index = list.indexOf(document.activeElement as HTMLElement)
    const focusAt = (next: number) => list[Math.min(list.length - 1, Math.max(0, next))]?.focus()
    switch (event.key) {
      case 'ArrowDown':
        focusAt(index + 1)
        break
      case 'ArrowUp':
        focusAt(index === -1 ? list.length - 1 : index - 1)
        break
      case 'Home':
        focusAt(0)
        break
      case 'End':
        focusAt(list.length - 1)
        break
      case 'Escape':
        close(true)
        break
      case 'Tab':
        // Menus are not in the tab order: Tab leaves the menu from its button.
        close(true)
        break
      default:
        return
    }
    event.preventDefault()
  }

  const select = (action: () => void) => {
    close(true)
    action()
  }

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="ml-auto shrink-0"
        aria-label="Open menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-state={open ? 'open' : 'closed'}
        onClick={(event) => (open ? close(false) : show(event.detail === 0 ? 'keyboard' : 'pointer'))}
        onKeyDown={(event) => {
          if (event.key !== 'ArrowDown' || open) return
          event.preventDefault()
          show('keyboard')
        }}
      >
        <Menu className="size-5" />
      </Button>
      {open &&
        createPortal(
          <>
            {/* As a modal menu: a click outside only closes it. */}
            <div className="fixed inset-0 z-50" aria-hidden onClick={() => close(false)} />
            <div
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label="Menu"
              tabIndex={-1}
              onKeyDown={onMenuKeyDown}
              style={{ top: position.top, right: position.right }}
              className="fixed z-50 max-h-[calc(100dvh-5rem)] w-64 max-w-[calc(100vw-2rem)] origin-top-right animate-in overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none fade-in-0 zoom-in-95 slide-in-from-top-2"
            >
              <div role="group" aria-labelledby={labelId}>
                <div id={labelId} className="px-2 py-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                  Choose Module
                </div>
                {modules && modules.length > 0 ? (
                  modules.map((name) => (
                    <MenuItem
                      key={name}
                      role="menuitemradio"
                      checked={name === moduleName}
                      onSelect={() => select(() => onChooseModule(name))}
                    >
                      <span className="pointer-events-none absolute left-2 flex size-3.5 items-center justify-center">
                        {name === moduleName && <Circle className="size-2 fill-current" />}
                      </span>
                      <span className="truncate">{moduleDisplayName(name)}</span>
                    </MenuItem>
                  ))
                ) : (
                  <p className="px-2 py-1.5 text-sm text-muted-foreground">No modules available yet.</p>
                )}
              </div>
              <div role="separator" className="-mx-1 my-1 h-px bg-border" />
              <MenuItem role="menuitem" className="pl-2" onSelect={() => select(onOpenSettings)}>
                <Settings aria-hidden className="size-4 text-muted-foreground" />
                Settings
              </MenuItem>
              {onOpenWellbeing && (
                <MenuItem role="menuitem" className="pl-2" onSelect={() => select(onOpenWellbeing)}>
                  <HeartHandshake aria-hidden className="size-4 text-muted-foreground" />
                  My well-being answers
                </MenuItem>
              )}
            </div>
          </>,
          document.body,
        )}
    </>
  )
}

type MenuItemProps = {
  role: 'menuitem' | 'menuitemradio'
  checked?: boolean
  className?: string
  onSelect: () => void
  children: ReactNode
}

function MenuItem({ role, checked, className, onSelect, children }: MenuItemProps) {
  return (
    <div
      role={role}
      aria-checked={role === 'menuitemradio' ? checked : undefined}
      tabIndex={-1}
      className={cn(itemClassName, className)}
      onClick={onSelect}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ') return
        event.preventDefault()
        onSelect()
      }}
      // Pointing at an item focuses it, so the keyboard continues from there.
      onPointerMove={(event) => {
        if (event.pointerType === 'mouse' && document.activeElement !== event.currentTarget) event.currentTarget.focus()
      }}
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') event.currentTarget.closest<HTMLElement>('[role="menu"]')?.focus()
      }}
    >
      {children}
    </div>
  )
}
