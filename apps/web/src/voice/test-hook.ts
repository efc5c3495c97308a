// A view of the voice state for browser tests (window.__hearthVoice), and a typed turn (sendText). Installed only
// when the browser is driven by automation (navigator.webdriver), so real visitors never get it.
import type { Store } from 'jotai'

import {
  connectionStatusAtom,
  conversationItemsAtom,
  inputLevelAtom,
  outputLevelAtom,
  readVoiceStatsAtom,
  sendUserTextAtom,
  voiceEventLogAtom,
  voiceSessionInfoAtom,
} from '@/voice/atoms'

export function installVoiceTestHook(store: Store): () => void {
  if (typeof window === 'undefined' || !navigator.webdriver) return () => undefined
  // Every status the connection went through, so a test can see short ones such as 'disconnecting'.
  const statuses: string[] = [store.get(connectionStatusAtom)]
  const unsubscribeStatus = store.sub(connectionStatusAtom, () => statuses.push(store.get(connectionStatusAtom)))
  // When each server event arrived (Date.now()), by type, kept past the event log's trimming (echo tests).
  const serverEventTimes = new Map<string, number[]>()
  let lastRowId = 0
  const unsubscribeLog = store.sub(voiceEventLogAtom, () => {
    const entries = store.get(voiceEventLogAtom)
    let first = entries.length
    while (first > 0 && entries[first - 1].id > lastRowId) first--
    for (const entry of entries.slice(first)) {
      if (entry.direction !== 'server') continue
      const times = serverEventTimes.get(entry.type) ?? []
      times.push(entry.atMs)
      serverEventTimes.set(entry.type, times)
    }
    lastRowId = entries.at(-1)?.id ?? lastRowId
  })
  const hook = {
    statuses: () => statuses.slice(),
    status: () => store.get(connectionStatusAtom),
    session: () => store.get(voiceSessionInfoAtom),
    conversation: () => store.get(conversationItemsAtom),
    levels: () => ({ input: store.get(inputLevelAtom).peak, output: store.get(outputLevelAtom).peak }),
    stats: () => store.set(readVoiceStatsAtom),
    /** Event types in order, e.g. "client conversation.item.truncate". */
    events: () => store.get(voiceEventLogAtom).map((entry) => `${entry.direction} ${entry.type}`),
    /** The latest logged event of a type, e.g. 'hearth.post_chat'. */
    lastEvent: (type: string) => store.get(voiceEventLogAtom).findLast((entry) => entry.type === type)?.event ?? null,
    /** When the latest logged event of a type was sent or received (Date.now()), or null. */
    lastEventAtMs: (type: string) => store.get(voiceEventLogAtom).findLast((entry) => entry.type === type)?.atMs ?? null,
    /** Date.now() times at which the server's events of a type arrived this page load, e.g. 'response.done'. */
    serverEventTimes: (type: string) => (serverEventTimes.get(type) ?? []).slice(),
    /** The person's turn as text, as the testing page's second model sends it (pages without a text box). */
    sendText: (text: string) => store.set(sendUserTextAtom, text),
  }
  const target = window as unknown as { __hearthVoice?: typeof hook }
  target.__hearthVoice = hook
  return () => {
    unsubscribeStatus()
    unsubscribeLog()
    if (target.__hearthVoice === hook) delete target.__hearthVoice
  }
}
