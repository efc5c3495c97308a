type PromptListProps = {
  prompts: Array<{ name: string }>
  version: number | undefined
  onSelect: (name: string) => void
}

/** SPEC §2: the left menu lists the prompts of the shown version with name and version. */
export function PromptList({ prompts, version, onSelect }: PromptListProps) {
  return (
    <nav aria-label="Prompts" className="grid content-start gap-1">
      <h2 className="px-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">Prompts</h2>
      {prompts.length === 0 ? (
        <p className="px-2 text-sm text-muted-foreground">No prompts to show.</p>
      ) : (
        <ul className="grid gap-0.5">
          {prompts.map((prompt) => (
            <li key={prompt.name}>
              <button
                type="button"
                onClick={() => onSelect(prompt.name)}
                className="flex w-full items-center justify-between gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
              >
                <span className="min-w-0 truncate font-medium">{prompt.name}</span>
                {version !== undefined && <span className="shrink-0 text-xs text-muted-foreground">v{version}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  )
}
