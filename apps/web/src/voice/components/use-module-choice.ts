// Which sequence and version a staff voice page runs (SPEC §4 "Module switching"): chosen by the operator while
// disconnected (a new sequence defaults to its highest version); while connected the server leads — a choice is
// sent as hearth.select_module and the page follows the hearth.session that answers it, and change_module too.
import { useCallback, useEffect, useMemo, useState } from 'react'
import { useAtomValue, useSetAtom } from 'jotai'

import { isAbortError } from '@/lib/api'
import { connectionStatusAtom, selectVoiceModuleAtom, voiceSessionInfoAtom } from '@/voice/atoms'
import { versionKey } from '@/voice/run-summary'
import { defaultStaffModule, fetchModuleVersions, type ModuleVersionInfo } from '@/voice/staff-api'

type Loaded = { ok: true; versions: ModuleVersionInfo[] } | { ok: false; message: string }

export interface ModuleChoice {
  module: string | null
  /** The chosen version, or the highest when none was chosen. */
  version: number | null
  versions: number[]
  versionsLoading: boolean
  versionsError: string | null
  chooseModule: (module: string) => void
  chooseVersion: (version: number) => void
  /** Prompt names of every version loaded so far, keyed by versionKey (the run summary's "never reached"). */
  promptsByVersion: Record<string, string[]>
}

export function useModuleChoice(modules: string[] | null): ModuleChoice {
  const status = useAtomValue(connectionStatusAtom)
  const session = useAtomValue(voiceSessionInfoAtom)
  const selectModule = useSetAtom(selectVoiceModuleAtom)
  const [module, setModule] = useState<string | null>(null)
  const [version, setVersion] = useState<number | null>(null)
  const [loaded, setLoaded] = useState<Record<string, Loaded>>({})
  const live = status === 'connected' || status === 'disconnecting'

  useEffect(() => {
    if (module === null && modules?.length) setModule(defaultStaffModule(modules))
  }, [modules, module])

  // While talking the session's module is the truth: the operator's choice, a fallback or change_module.
  useEffect(() => {
    if (!live || !session) return
    setModule(session.module)
    setVersion(session.version)
  }, [live, session?.module, session?.version])

  useEffect(() => {
    if (!module || loaded[module]) return
    const controller = new AbortController()
    fetchModuleVersions(module, { signal: controller.signal }).then(
      (versions) => setLoaded((all) => ({ ...all, [module]: { ok: true, versions } })),
      (error: unknown) => {
        if (isAbortError(error)) return
        const message = error instanceof Error && error.message ? error.message : 'Unknown error'
        setLoaded((all) => ({ ...all, [module]: { ok: false, message } }))
      },
    )
    return () => controller.abort()
  }, [module, loaded])

  const entry = module ? loaded[module] : undefined
  const versions = useMemo(() => {
    if (live && session && session.module === module) return session.versions
    return entry?.ok ? entry.versions.map((info) => info.version) : []
  }, [live, session, module, entry])

  const promptsByVersion = useMemo(() => {
    const byVersion: Record<string, string[]> = {}
    for (const [name, result] of Object.entries(loaded)) {
      if (result.ok) for (const info of result.versions) byVersion[versionKey(name, info.version)] = info.prompts
    }
    return byVersion
  }, [loaded])

  const chooseModule = useCallback(
    (next: string) => {
      if (live) return selectModule({ module: next })
      setModule(next)
      setVersion(null)
    },
    [live, selectModule],
  )
  const chooseVersion = useCallback(
    (next: number) => {
      if (live && module) return selectModule({ module, version: next })
      setVersion(next)
    },
    [live, module, selectModule],
  )

  return {
    module,
    version: version !== null && versions.includes(version) ? version : (versions.at(-1) ?? version),
    versions,
    versionsLoading: Boolean(module) && !entry && !(live && session?.module === module),
    versionsError: entry && !entry.ok ? entry.message : null,
    chooseModule,
    chooseVersion,
    promptsByVersion,
  }
}
