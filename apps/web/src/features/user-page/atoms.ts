// State of the end-user page (SPEC §2 "User page"): who is here, their record, the modules and the chosen
// one, the two locally stored settings and the conversation kept for feedback. Voice state itself lives in
// voice/.
import { atom } from 'jotai'
import { atomWithStorage } from 'jotai/utils'

import { isApiError } from '@/lib/api'
import {
  type EndUser,
  exchangeLinkToken,
  fetchEndUser,
  fetchModuleFiles,
  fetchRealtimeProvider,
  fetchUserContent,
  type UserContent,
} from '@/features/user-page/api'
import { defaultModule, findModule, selectableModules } from '@/features/user-page/modules'

export type UserPageState =
  | { phase: 'loading' }
  /** No token in the address and no end-user session: the person needs their personal link. */
  | { phase: 'no-link'; staff: boolean }
  /** The token was refused (revoked, mistyped). */
  | { phase: 'link-error'; message: string }
  | { phase: 'error'; message: string }
  | { phase: 'ready'; user: EndUser; content: UserContent | null; preview: boolean }

const pageBaseAtom = atom<UserPageState>({ phase: 'loading' })
const loadingBaseAtom = atom<Promise<void> | null>(null)
const modulesBaseAtom = atom<string[] | null>(null)
const selectedModuleBaseAtom = atom<string | null>(null)
const providerBaseAtom = atom<string | null>(null)
const lastConversationBaseAtom = atom('')
// SPEC §9 "Stored locally: the copy-on-disconnect and SMS-reminder flags".
const copyOnDisconnectStoredAtom = atomWithStorage('hearth.copyConversationOnDisconnect', false, undefined, {
  getOnInit: true,
})
const smsReminderStoredAtom = atomWithStorage('hearth.smsReminder', false, undefined, { getOnInit: true })

export const userPageAtom = atom((get) => get(pageBaseAtom))
/** Modules the person may choose (without ".json"); null while loading. */
export const modulesAtom = atom((get) => get(modulesBaseAtom))
export const selectedModuleAtom = atom((get) => get(selectedModuleBaseAtom))
/** 'local' or 'openai' as GET /api/health reports it (null if unknown). */
export const realtimeProviderAtom = atom((get) => get(providerBaseAtom))
/** The conversation of the last chat, for "Include conversation in feedback" after disconnecting. */
export const lastConversationAtom = atom((get) => get(lastConversationBaseAtom))

export const copyOnDisconnectAtom = atom(
  (get) => get(copyOnDisconnectStoredAtom),
  (_get, set, enabled: boolean) => set(copyOnDisconnectStoredAtom, enabled),
)
export const smsReminderAtom = atom(
  (get) => get(smsReminderStoredAtom),
  (_get, set, enabled: boolean) => set(smsReminderStoredAtom, enabled),
)

export type LoadUserPageInput = {
  /** The personal link's token, already removed from the address bar by the caller. */
  token: string | null
  /** `id` of the query: informational for end users (the token decides), the user to show for staff. */
  idParam: string | null
  /** `module` of the query (SPEC §2), else the link's own module. */
  moduleParam: string | null
}

/**
 * Signs the person in with the link's token (or finds their session), then loads their record, the modules
 * and the provider. A second call while one runs joins it (React's development double effects included).
 */
export const loadUserPageAtom = atom(null, (get, set, input: LoadUserPageInput): Promise<void> => {
  const running = get(loadingBaseAtom)
  if (running) return running
  const load = (async () => {
    set(pageBaseAtom, { phase: 'loading' })
    void fetchRealtimeProvider().then((provider) => set(providerBaseAtom, provider))

    let user: EndUser | null = null
    let preview = false
    let linkModule: string | null = null
    if (input.token) {
      try {
        const session = await exchangeLinkToken(input.token)
        user = { name: session.name, userFile: session.userFile }
        linkModule = session.moduleName
      } catch (error) {
        // An old link still works on a device that already holds a session from it.
        const known = await fetchEndUser().catch(() => null)
        if (!known || 'staff' in known) {
          set(pageBaseAtom, { phase: 'link-error', message: errorMessage(error) })
          return
        }
        user = known
      }
    } else {
      let known: Awaited<ReturnType<typeof fetchEndUser>>
      try {
        known = await fetchEndUser()
      } catch (error) {
        set(pageBaseAtom, { phase: 'error', message: `Error: ${errorMessage(error)}` })
        return
      }
      if (known && 'staff' in known) {
        // Staff may look at a user's page by its id (SPEC §6); talking there is not saved for anyone.
        if (!input.idParam) {
          set(pageBaseAtom, { phase: 'no-link', staff: true })
          return
        }
        user = { name: input.idParam, userFile: input.idParam }
        preview = true
      } else if (known) {
        user = known
      } else {
        set(pageBaseAtom, { phase: 'no-link', staff: false })
        return
      }
    }

    const [content, modules] = await Promise.allSettled([fetchUserContent(preview ? user.name : user.userFile), fetchModuleFiles()])
    if (modules.status === 'fulfilled') {
      const names = selectableModules(modules.value)
      set(modulesBaseAtom, names)
      set(selectedModuleBaseAtom, defaultModule(names, input.moduleParam ?? linkModule))
    } else {
      set(modulesBaseAtom, [])
    }
    if (content.status === 'rejected') {
      set(pageBaseAtom, { phase: 'error', message: `Error: ${errorMessage(content.reason)}` })
      return
    }
    set(pageBaseAtom, { phase: 'ready', user, content: content.value, preview })
  })().finally(() => set(loadingBaseAtom, null))
  set(loadingBaseAtom, load)
  return load
})

/** Reloads the person's record (after a chat, SPEC §4: memory and profile may have changed). */
export const reloadUserContentAtom = atom(null, async (get, set) => {
  const page = get(pageBaseAtom)
  if (page.phase !== 'ready') return
  const content = await fetchUserContent(page.preview ? page.user.name : page.user.userFile)
  const current = get(pageBaseAtom)
  if (current.phase === 'ready') set(pageBaseAtom, { ...current, content })
})

/** The saved phone number (E.164 as the server stored it). */
export const setPhoneNumberAtom = atom(null, (get, set, phoneNumber: string | null) => {
  const page = get(pageBaseAtom)
  if (page.phase !== 'ready' || !page.content) return
  set(pageBaseAtom, { ...page, content: { ...page.content, phone_number: phoneNumber } })
})

/** Picks a module from the menu; returns the name as listed (null if it is not one of them). */
export const chooseModuleAtom = atom(null, (get, set, name: string): string | null => {
  const chosen = findModule(get(modulesBaseAtom) ?? [], name)
  if (chosen) set(selectedModuleBaseAtom, chosen)
  return chosen
})

export const rememberConversationAtom = atom(null, (_get, set, transcript: string) => {
  set(lastConversationBaseAtom, transcript)
})

function errorMessage(error: unknown): string {
  if (isApiError(error) || error instanceof Error) return error.message || 'Unknown error'
  return 'Unknown error'
}
