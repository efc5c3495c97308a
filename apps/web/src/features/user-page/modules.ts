// Module (sequence) names as the user page shows and picks them (SPEC §2, §3, §9).

const GLOBAL_PROMPT = 'global_prompt'

/** "Get to Know You.json" -> "Get to Know You". */
export function moduleLabel(fileName: string): string {
  return fileName.replace(/\.json$/i, '')
}

/**
 * A module's name as a member reads it: a seeded prefix such as "default_" and underscores are staff naming,
 * not words ("default_Check In" → "Check In"). The real name stays in the API and the address.
 */
export function moduleDisplayName(name: string): string {
  const shown = moduleLabel(name)
    .replace(/^default_/i, '')
    .replace(/_+/g, ' ')
    .trim()
  return shown || moduleLabel(name)
}

/** Selectable modules from GET /api/get-sequences: without ".json", never the global prompt. */
export function selectableModules(fileNames: readonly string[]): string[] {
  return fileNames.map(moduleLabel).filter((name) => name.trim() !== '' && name.toLowerCase() !== GLOBAL_PROMPT)
}

const comparable = (name: string) =>
  moduleLabel(name)
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ')
    .trim()

/** The module of `modules` that `wanted` names (any case, with or without ".json"), or null. */
export function findModule(modules: readonly string[], wanted: string | null | undefined): string | null {
  if (!wanted) return null
  const key = comparable(wanted)
  return modules.find((name) => comparable(name) === key) ?? null
}

/** SPEC §9: the module asked for if it exists, else 'get to know you' if present, else the first. */
export function defaultModule(modules: readonly string[], requested?: string | null): string | null {
  return findModule(modules, requested) ?? findModule(modules, 'get to know you') ?? modules[0] ?? null
}
