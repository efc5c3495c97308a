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
  const unsubscribe = store.sub(connectionStatusAtom, () => statuses.push(store.get(connectionStatusAtom)))
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
    /** The person's turn as text, as the testing page's second model sends it (pages without a text box). */
    sendText: (text: string) => store.set(sendUserTextAtom, text),
  }
  const target = window as unknown as { __hearthVoice?: typeof hook }
  target.__hearthVoice = hook
  return () => {
    unsubscribe()
    if (target.__hearthVoice === hook) delete target.__hearthVoice
  }
}
