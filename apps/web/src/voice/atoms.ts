// Voice state in jotai (HOUSE-STYLE "Web"): primitives stay private; pages read the derived atoms and act
// through the action atoms. The VoiceSession's callbacks, audio levels included (~60 Hz), write through the
// store that ran the action — never through React state — and meters read them with store.sub.
// The engine itself (voice/engine.ts) is downloaded on the first connect, so a page shows its controls without it.
import { atom } from 'jotai'
import type { BrowserEvent, HearthSession, ServerMessage, TurnTakingTotals } from '@hearth/protocol'
import type { LevelMessage } from '@hearth/worklets/messages'

import { NETWORK_ERROR } from '@/lib/http'
import { createAudioContext } from '@/voice/audio-context'
import { continuedMessage, restartedMessage, VoiceConnectError } from '@/voice/errors'
import { emptyConversation, formatTranscript, type ConversationItem } from '@/voice/transcript'
import type { TurnLatency } from '@/voice/turn-latency'
import type { TurnTraceBar } from '@/voice/turn-trace'
import type { TurnTakingFlags } from '@/voice/turn-taking-feed'
import type { ConnectionStatus, DisconnectResult, TurnMode, VoiceSession, VoiceSessionOptions, VoiceStats } from '@/voice/voice-session'
import type { VadDetection } from '@/voice/voice-session-types'

export type LevelReading = Pick<LevelMessage, 'rms' | 'peak' | 'bars'>

export const SILENT_LEVEL: LevelReading = { rms: 0, peak: 0, bars: new Float32Array(8) }

export interface VoiceLogEntry {
  id: number
  direction: 'server' | 'client'
  type: string
  atMs: number
  event: ServerMessage | BrowserEvent
}

/** The newest events kept for event logs; audio frames and deltas are never logged. */
const EVENT_LOG_LIMIT = 300
const UNLOGGED = new Set(['response.output_audio.delta', 'input_audio_buffer.append'])

const statusBaseAtom = atom<ConnectionStatus>('disconnected')
const turnModeBaseAtom = atom<TurnMode>('server_vad')
const detectionBaseAtom = atom<VadDetection | null>(null)
const talkingBaseAtom = atom(false)
const selfInterruptionBaseAtom = atom(false)
const conversationBaseAtom = atom(emptyConversation)
const inputLevelBaseAtom = atom<LevelReading>(SILENT_LEVEL)
const outputLevelBaseAtom = atom<LevelReading>(SILENT_LEVEL)
const memoryBaseAtom = atom<Record<string, string>>({})
const moodBaseAtom = atom<Record<string, number>>({})
const sessionInfoBaseAtom = atom<HearthSession | null>(null)
const eventLogBaseAtom = atom<VoiceLogEntry[]>([])
const sessionBaseAtom = atom<VoiceSession | null>(null)
/** Why the last connect could not reach the voice service; cleared by the next connect. */
const connectErrorBaseAtom = atom<string | null>(null)
/** A connect waiting for the engine's download; disconnect sets `cancelled`. */
const startingBaseAtom = atom<{ cancelled: boolean } | null>(null)

type VoiceEngine = typeof import('@/voice/engine')
let engineLoading: Promise<VoiceEngine> | null = null

/** Downloads the voice engine once. Pages call it early (hover or focus of their chat button) for a head start. */
export function preloadVoiceEngine(): Promise<VoiceEngine> {
  engineLoading ??= import('@/voice/engine').catch((error: unknown) => {
    // A failed download (offline for a moment) is tried again on the next press.
    engineLoading = null
    console.warn('Could not load the voice engine', error)
    throw new Error(NETWORK_ERROR)
  })
  return engineLoading
}

const NOT_STARTED = 'The conversation was stopped before it started.'

export const connectionStatusAtom = atom((get) => get(statusBaseAtom))
export const turnModeAtom = atom((get) => get(turnModeBaseAtom))
/** The staff page's pick of detector for voice-activity turns; null: the session's own (its sequence's). */
export const detectionAtom = atom((get) => get(detectionBaseAtom))
/** The assistant kept interrupting itself this session (its voice reaches the microphone): offer push-to-talk. */
export const selfInterruptionAtom = atom((get) => get(selfInterruptionBaseAtom))
/** Push-to-talk is held. */
export const isTalkingAtom = atom((get) => get(talkingBaseAtom))
export const conversationItemsAtom = atom((get) => get(conversationBaseAtom).items)
export const responseInProgressAtom = atom((get) => get(conversationBaseAtom).responseId !== null)
/** Microphone level and bars, about 60 times a second while connected. */
export const inputLevelAtom = atom((get) => get(inputLevelBaseAtom))
/** Assistant voice level and bars, about 60 times a second while connected. */
export const outputLevelAtom = atom((get) => get(outputLevelBaseAtom))
/** Saved memory values of this session (hearth.memory). */
export const memoryValuesAtom = atom((get) => get(memoryBaseAtom))
/** Saved mood scores of this session (hearth.mood), -3..3. */
export const moodScoresAtom = atom((get) => get(moodBaseAtom))
/** Provider, module, version, prompt and instructions of the live session (hearth.session and changes). */
export const voiceSessionInfoAtom = atom((get) => get(sessionInfoBaseAtom))
export const voiceEventLogAtom = atom((get) => get(eventLogBaseAtom))
/** Shown on the page until the next connect (a toast alone is easily missed; voice/components/connect-error.tsx). */
export const voiceConnectErrorAtom = atom((get) => get(connectErrorBaseAtom))

export type ConnectVoiceOptions = Omit<VoiceSessionOptions, 'listener' | 'turnMode'> & {
  /** A server error or audio failure while talking (ignored cancel errors never arrive here). */
  onError?: (error: Error) => void
  /** The session ended without the person asking (lost network, time limit, opened elsewhere). */
  onClosed?: (message: string) => void
  /**
   * The conversation went on in a new session: the connection was lost too long, or the voice service ended its
   * session and the relay opened another on the same connection (voice/errors.ts restartedMessage, continuedMessage).
   */
  onRestarted?: (message: string) => void
  /** Every event in each direction, audio included (staff pages' event log and automation); keep it cheap. */
  onServerEvent?: (event: ServerMessage) => void
  onClientEvent?: (event: BrowserEvent) => void
  /** An assistant answer started playing (voice/turn-latency.ts). */
  onTurnLatency?: (latency: TurnLatency) => void
  /** Turns became final (voice/turn-taking-feed.ts). */
  onTurnTaking?: (turns: TurnTakingFlags[], totals: TurnTakingTotals) => void
  /** A turn's relay and page shares (voice/turn-trace.ts); staff pages draw them. */
  onTurnTrace?: (bar: TurnTraceBar) => void
}

/**
 * Starts a voice session. Call from the click handler without awaiting anything first, so the audio can
 * start. Resolves with the server's hearth.session; rejects with a message for a person.
 */
export const connectVoiceAtom = atom(null, (get, set, options: ConnectVoiceOptions): Promise<HearthSession> => {
  const running = get(sessionBaseAtom)
  if (get(startingBaseAtom) || (running && running.status !== 'disconnected')) {
    return Promise.reject(new Error('A conversation is already running.'))
  }
  const {
    onError,
    onClosed,
    onRestarted,
    onServerEvent,
    onClientEvent,
    onTurnLatency,
    onTurnTaking,
    onTurnTrace,
    openAudio,
    ...sessionOptions
  } = options
  // Made now, inside the click, while the engine may still be downloading (see voice/audio-context.ts).
  let context: AudioContext | null = null
  let contextError: unknown = null
  if (!openAudio) {
    try {
      context = createAudioContext()
    } catch (error) {
      contextError = error
    }
  }
  set(conversationBaseAtom, emptyConversation)
  set(memoryBaseAtom, {})
  set(moodBaseAtom, {})
  set(eventLogBaseAtom, [])
  set(sessionInfoBaseAtom, null)
  set(talkingBaseAtom, false)
  set(connectErrorBaseAtom, null)
  set(selfInterruptionBaseAtom, false)
  const starting = { cancelled: false }
  set(startingBaseAtom, starting)
  set(statusBaseAtom, 'connecting')

  let logId = 0
  const log = (direction: VoiceLogEntry['direction'], event: ServerMessage | BrowserEvent) => {
    if (UNLOGGED.has(event.type)) return
    const entry: VoiceLogEntry = { id: ++logId, direction, type: event.type, atMs: Date.now(), event }
    set(eventLogBaseAtom, (entries) => [...entries.slice(-(EVENT_LOG_LIMIT - 1)), entry])
  }

  const applyServerEvent = (engine: VoiceEngine, event: ServerMessage) => {
    // Disconnect cleared the conversation; nothing that arrives while it ends may bring it back.
    if (get(statusBaseAtom) !== 'disconnecting') {
      set(conversationBaseAtom, (state) => engine.reduceConversation(state, event))
    }
    switch (event.type) {
      case 'hearth.session':
        set(sessionInfoBaseAtom, event)
        break
      case 'hearth.prompt_changed':
        set(sessionInfoBaseAtom, (info) =>
          info
            ? { ...info, prompt: event.prompt, ...(event.reasoningEffort !== undefined ? { reasoningEffort: event.reasoningEffort } : {}) }
            : info,
        )
        break
      case 'hearth.module_changed':
        set(sessionInfoBaseAtom, (info) => (info ? { ...info, module: event.module, version: event.version } : info))
        break
      case 'hearth.memory':
        set(memoryBaseAtom, (memory) => ({ ...memory, [event.key]: event.value }))
        break
      case 'hearth.mood':
        set(moodBaseAtom, (mood) => ({ ...mood, [event.key]: event.value }))
        break
    }
  }

  const start = async (): Promise<HearthSession> => {
    let engine: VoiceEngine
    try {
      engine = await preloadVoiceEngine()
      if (starting.cancelled) throw new Error(NOT_STARTED)
    } catch (error) {
      void context?.close().catch(() => undefined)
      set(statusBaseAtom, 'disconnected')
      throw error
    } finally {
      set(startingBaseAtom, null)
    }
    const session = new engine.VoiceSession({
      ...sessionOptions,
      openAudio:
        openAudio ??
        ((callbacks, timeoutMs) => {
          // The click's context the first time; audio rebuilt later (a device change) makes its own.
          const clickContext = context
          const failed = contextError
          context = null
          contextError = null
          if (clickContext) return engine.openVoiceAudio(callbacks, timeoutMs, clickContext)
          return failed ? Promise.reject(failed) : engine.openVoiceAudio(callbacks, timeoutMs)
        }),
      turnMode: get(turnModeBaseAtom),
      detection: get(detectionBaseAtom) ?? undefined,
      listener: {
        onStatus: (status) => {
          set(statusBaseAtom, status)
          if (status === 'disconnected' || status === 'disconnecting' || status === 'reconnecting') {
            set(inputLevelBaseAtom, SILENT_LEVEL)
            set(outputLevelBaseAtom, SILENT_LEVEL)
          }
          if (status === 'disconnected' || status === 'disconnecting') set(talkingBaseAtom, false)
        },
        onServerEvent: (event) => {
          applyServerEvent(engine, event)
          log('server', event)
          onServerEvent?.(event)
        },
        onClientEvent: (event) => {
          log('client', event)
          onClientEvent?.(event)
        },
        onTurnLatency,
        onTurnTaking,
        onTurnTrace,
        // While reconnecting the microphone is not heard: its meter rests rather than suggest otherwise.
        onInputLevel: (level) => get(statusBaseAtom) === 'reconnecting' || set(inputLevelBaseAtom, level),
        onOutputLevel: (level) => set(outputLevelBaseAtom, level),
        onError,
        onClosed,
        onRestarted: (summarised) => onRestarted?.(restartedMessage(summarised)),
        onContinued: (event) => {
          const message = continuedMessage(event, sessionOptions.page === 'user')
          if (message) onRestarted?.(message)
        },
        onSelfInterruption: () => set(selfInterruptionBaseAtom, true),
      },
    })
    set(sessionBaseAtom, session)
    return session.connect()
  }
  return start().catch((error: unknown) => {
    if (error instanceof VoiceConnectError) set(connectErrorBaseAtom, error.message)
    throw error
  })
})

export interface VoiceDisconnectResult extends DisconnectResult {
  /** The conversation as it was when disconnect was pressed (the page's copy shows it; it is then cleared). */
  items: ConversationItem[]
  transcript: string
}

/** SPEC §4: the conversation is cleared, recording stops, playback is interrupted, then post-chat is awaited. */
export const disconnectVoiceAtom = atom(null, async (get, set): Promise<VoiceDisconnectResult | null> => {
  const starting = get(startingBaseAtom)
  if (starting) {
    // Still downloading the engine: connect stops there and rejects (as a session stopped while starting does).
    starting.cancelled = true
    return { postChat: null, error: null, items: [], transcript: '' }
  }
  const session = get(sessionBaseAtom)
  if (!session || session.status === 'disconnected') return null
  const { items } = get(conversationBaseAtom)
  set(conversationBaseAtom, emptyConversation)
  const result = await session.disconnect()
  return { ...result, items, transcript: formatTranscript(items) }
})

export const setTurnModeAtom = atom(null, async (get, set, mode: TurnMode) => {
  set(turnModeBaseAtom, mode)
  set(talkingBaseAtom, false)
  await get(sessionBaseAtom)?.setTurnMode(mode)
})

/** Staff pages: server or semantic VAD (and its eagerness), sent to a live session at once, else at connect. */
export const setDetectionAtom = atom(null, (get, set, detection: VadDetection) => {
  set(detectionBaseAtom, detection)
  get(sessionBaseAtom)?.setDetection(detection)
})

/** Push-to-talk: true while the button is held (manual turn mode). */
export const pushToTalkAtom = atom(null, async (get, set, pressed: boolean) => {
  const session = get(sessionBaseAtom)
  if (!session || session.status !== 'connected' || get(turnModeBaseAtom) !== 'manual') return
  set(talkingBaseAtom, pressed)
  if (pressed) await session.startTalking()
  else await session.stopTalking()
})

/** hearth.settings, e.g. the SMS reminder flag of the user page; nothing is sent while disconnected. */
export const sendVoiceSettingsAtom = atom(null, (get, _set, settings: { reminder?: boolean }) => {
  get(sessionBaseAtom)?.send({ type: 'hearth.settings', ...settings })
})

/** Switches module (and version) of the live session; the server answers with a new hearth.session. */
export const selectVoiceModuleAtom = atom(null, (get, _set, choice: { module: string; version?: number }) => {
  get(sessionBaseAtom)?.send({ type: 'hearth.select_module', ...choice })
})

/** Any other allowed event (typed messages, session.update from staff pages). */
export const sendVoiceEventAtom = atom(null, (get, _set, event: BrowserEvent) => {
  get(sessionBaseAtom)?.send(event)
})

/** The person's turn as text, answered by the assistant (the testing page's second model). */
export const sendUserTextAtom = atom(null, (get, _set, text: string) => {
  get(sessionBaseAtom)?.sendUserText(text)
})

/** Forgets what the last session left (memory, mood, instructions, log); the console resets after disconnect. */
export const resetVoiceStateAtom = atom(null, (get, set) => {
  if (get(statusBaseAtom) !== 'disconnected') return
  set(conversationBaseAtom, emptyConversation)
  set(memoryBaseAtom, {})
  set(moodBaseAtom, {})
  set(sessionInfoBaseAtom, null)
  set(eventLogBaseAtom, [])
})

/** Keeps the session but stops sending the microphone (e.g. while spoken feedback is recorded). */
export const setVoiceMicMutedAtom = atom(null, async (get, _set, muted: boolean) => {
  await get(sessionBaseAtom)?.setMicMuted(muted)
})

export const clearConversationAtom = atom(null, (_get, set) => set(conversationBaseAtom, emptyConversation))

/**
 * Shows a finished session's conversation again, read only (the testing page keeps its last run on screen until
 * the next Connect, which starts empty as ever). Nothing is restored while a session runs.
 */
export const keepEndedConversationAtom = atom(null, (get, set, items: ConversationItem[]) => {
  if (get(statusBaseAtom) === 'disconnected') set(conversationBaseAtom, { items, responseId: null })
})

/** Counters and latencies of the current or last session, read fresh on each call. */
export const readVoiceStatsAtom = atom(null, (get): VoiceStats | null => get(sessionBaseAtom)?.stats() ?? null)
