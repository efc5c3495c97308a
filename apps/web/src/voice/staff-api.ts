// The calls both staff voice pages make (SPEC §7, PRODUCT §9): module names for the sequence selector, a
// module's versions with their prompt names (version selector, run summary), and which voice provider runs.
import { client, isAbortError, unwrap } from '@/lib/api'

type Signal = { signal?: AbortSignal }

const GLOBAL_PROMPT_FILE = 'global_prompt.json'

/** Module names without ".json", the global prompt hidden (SPEC §3), in the server's alphabetical order. */
export async function fetchModuleNames(options: Signal = {}): Promise<string[]> {
  const files = await unwrap(client.api['get-sequences'].get({ query: {}, fetch: { signal: options.signal } }))
  return files.filter((file) => file !== GLOBAL_PROMPT_FILE).map((file) => file.replace(/\.json$/, ''))
}

export interface ModuleVersionInfo {
  version: number
  prompts: string[]
}

/** The selectable versions of a module, ascending, each with its sequential prompts' names. */
export async function fetchModuleVersions(module: string, options: Signal = {}): Promise<ModuleVersionInfo[]> {
  const versions = await unwrap(
    client.api['get-sequence-content']({ name: `${module}.json` }).get({ query: {}, fetch: { signal: options.signal } }),
  )
  return versions
    .map((entry) => ({
      version: entry.version,
      prompts: 'sequential_prompts' in entry ? entry.sequential_prompts.map((prompt) => prompt.name) : [],
    }))
    .sort((a, b) => a.version - b.version)
}

/** SPEC §9: a module whose name starts with default_, else the first. */
export function defaultStaffModule(names: readonly string[]): string | null {
  return names.find((name) => name.startsWith('default_')) ?? names[0] ?? null
}

/** 'local' or 'openai' as GET /api/health reports it; null when unknown. */
export async function fetchRealtimeProvider(options: Signal = {}): Promise<string | null> {
  try {
    const health = await unwrap(client.api.health.get({ fetch: { signal: options.signal } }))
    return health.providers.realtime
  } catch (error) {
    if (isAbortError(error)) throw error
    return null
  }
}

export type VoiceSetup = {
  modules: { ok: true; names: string[] } | { ok: false; message: string }
  provider: string | null
}

/** What a staff voice page needs before connecting; a failed module list is kept (the page says so), not thrown. */
export async function loadVoiceSetup(signal?: AbortSignal): Promise<VoiceSetup> {
  const [modules, provider] = await Promise.all([
    fetchModuleNames({ signal }).then(
      (names) => ({ ok: true as const, names }),
      (error: unknown) => {
        if (isAbortError(error)) throw error
        return { ok: false as const, message: error instanceof Error && error.message ? error.message : 'Unknown error' }
      },
    ),
    fetchRealtimeProvider({ signal }),
  ])
  return { modules, provider }
}
