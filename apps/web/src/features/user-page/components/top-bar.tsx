import { Menu, Settings } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@hearth/ui/components/dropdown-menu'

import { HearthLogo } from '@/components/hearth-logo'

type UserTopBarProps = {
  /** The chosen module without ".json"; omitted before the page knows the person. */
  moduleName?: string | null
  modules?: string[] | null
  onChooseModule?: (name: string) => void
  onOpenSettings?: () => void
}

/** SPEC §2: logo, the selected module's name and the hamburger menu (Choose Module, Settings). */
export function UserTopBar({ moduleName, modules, onChooseModule, onOpenSettings }: UserTopBarProps) {
  const hasMenu = Boolean(onChooseModule && onOpenSettings)
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 w-full max-w-3xl items-center gap-3 px-4 sm:h-16 sm:px-6">
        <HearthLogo className="shrink-0" />
        {moduleName !== undefined && (
          <p
            className="min-w-0 flex-1 truncate text-center text-sm font-medium text-secondary-foreground sm:text-base"
            data-testid="module-name"
            title={moduleName ?? undefined}
          >
            <span className="sr-only">Module: </span>
            {moduleName ?? 'No module'}
          </p>
        )}
        {hasMenu ? (
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" className="ml-auto shrink-0" aria-label="Open menu">
                <Menu className="size-5" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end" className="w-64 max-w-[calc(100vw-2rem)]">
              <DropdownMenuLabel className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Choose Module
              </DropdownMenuLabel>
              {modules && modules.length > 0 ? (
                <DropdownMenuRadioGroup value={moduleName ?? ''} onValueChange={onChooseModule}>
                  {modules.map((name) => (
                    <DropdownMenuRadioItem key={name} value={name} className="py-2">
                      <span className="truncate">{name}</span>
                    </DropdownMenuRadioItem>
                  ))}
                </DropdownMenuRadioGroup>
              ) : (
                <p className="px-2 py-1.5 text-sm text-muted-foreground">No modules available yet.</p>
              )}
              <DropdownMenuSeparator />
              <DropdownMenuItem onSelect={onOpenSettings} className="py-2">
                <Settings aria-hidden />
                Settings
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        ) : (
          <span className="ml-auto" />
        )}
      </div>
    </header>
  )
}
