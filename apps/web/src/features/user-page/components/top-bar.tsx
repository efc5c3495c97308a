import { HearthLogo } from '@/components/hearth-logo'
import { UserMenu } from '@/features/user-page/components/user-menu'
import { moduleDisplayName } from '@/features/user-page/modules'

type UserTopBarProps = {
  /** The chosen module without ".json"; omitted before the page knows the person. */
  moduleName?: string | null
  modules?: string[] | null
  onChooseModule?: (name: string) => void
  onOpenSettings?: () => void
  onOpenWellbeing?: () => void
  /** The menu opened (a head start for the settings dialog's download). */
  onMenuOpen?: () => void
}

/** SPEC §2: logo, the selected module's name and the hamburger menu (Choose Module, Settings). */
export function UserTopBar({ moduleName, modules, onChooseModule, onOpenSettings, onOpenWellbeing, onMenuOpen }: UserTopBarProps) {
  return (
    <header className="sticky top-0 z-30 border-b border-border/70 bg-background/85 backdrop-blur supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 w-full max-w-3xl items-center gap-3 px-4 sm:h-16 sm:px-6">
        <HearthLogo className="shrink-0" />
        {moduleName !== undefined && (
          <p
            className="min-w-0 flex-1 truncate text-center text-sm font-medium text-secondary-foreground sm:text-base"
            data-testid="module-name"
            title={moduleName ? moduleDisplayName(moduleName) : undefined}
          >
            <span className="sr-only">Module: </span>
            {moduleName ? moduleDisplayName(moduleName) : 'No module'}
          </p>
        )}
        {onChooseModule && onOpenSettings ? (
          <UserMenu
            moduleName={moduleName}
            modules={modules}
            onChooseModule={onChooseModule}
            onOpenSettings={onOpenSettings}
            onOpenWellbeing={onOpenWellbeing}
            onOpen={onMenuOpen}
          />
        ) : (
          <span className="ml-auto" />
        )}
      </div>
    </header>
  )
}
