// The console (SPEC §2 "Console", §4; PRODUCT §1: `/` for signed-in staff): live voice with the sequence being
// tuned, its event log, conversation list, memory and mood, the prompt path and per-turn latency.
import { useEffect, useState } from 'react'
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { STAFF_DEFAULT_VOICE, TEMPERATURE_DEFAULT, type Voice } from '@hearth/protocol'

import { ConsoleSessionCard } from '@/features/console/components/console-session-card'
import { isAbortError } from '@/lib/api'
import { copyText } from '@/lib/clipboard'
import { notify } from '@/lib/notify'
import { connectionStatusAtom, conversationItemsAtom, disconnectVoiceAtom, sendVoiceEventAtom } from '@/voice/atoms'
import { ClearConversationButton } from '@/voice/components/clear-conversation-button'
import { ConversationPanel } from '@/voice/components/conversation-panel'
import { EventLogPanel } from '@/voice/components/event-log-panel'
import { TurnFigures } from '@/voice/components/turn-taking'
import { LevelPanels } from '@/voice/components/level-panels'
import { MemoryPanel, MoodPanel } from '@/voice/components/memory-mood-panels'
import { PromptPathBreadcrumb } from '@/voice/components/prompt-path-breadcrumb'
import { Panel } from '@/voice/components/panel'
import { VoiceConnectErrorNotice } from '@/voice/components/connect-error'
import { SessionStatus } from '@/voice/components/session-status'
import { useModuleChoice } from '@/voice/components/use-module-choice'
import { useVoiceTestHook } from '@/voice/components/use-voice-test-hook'
import { loadVoiceSetup, type VoiceSetup } from '@/voice/staff-api'
import { connectStaffVoiceAtom, deleteConversationItemAtom, resetStaffVoiceAtom, staffEventLog } from '@/voice/staff-atoms'
import { formatTranscript } from '@/voice/transcript'

export function ConsolePage() {
  useVoiceTestHook()
  const store = useStore()
  const setup = useVoiceSetup()
  const status = useAtomValue(connectionStatusAtom)
  const connect = useSetAtom(connectStaffVoiceAtom)
  const disconnect = useSetAtom(disconnectVoiceAtom)
  const reset = useSetAtom(resetStaffVoiceAtom)
  const deleteItem = useSetAtom(deleteConversationItemAtom)
  const sendEvent = useSetAtom(sendVoiceEventAtom)
  const modules = setup?.modules.ok ? setup.modules.names : setup ? [] : null
  const choice = useModuleChoice(modules)
  const [voice, setVoice] = useState<Voice>(STAFF_DEFAULT_VOICE)
  const [temperature, setTemperature] = useState(TEMPERATURE_DEFAULT)
  const connected = status === 'connected'

  useEffect(() => {
    if (setup && !setup.modules.ok) notify.error('Error getting module names', { description: setup.modules.message })
  }, [setup])
  useEffect(() => {
    if (choice.versionsError) notify.error('Error while fetching sequence content', { description: choice.versionsError })
  }, [choice.versionsError])

  // What another staff voice page left (its memory, path, log) is not this page's.
  useEffect(() => {
    if (store.get(connectionStatusAtom) === 'disconnected') store.set(resetStaffVoiceAtom)
  }, [store])
  // Leaving the page ends a live session (nothing to copy then: the operator chose to go).
  useEffect(
    () => () => {
      if (store.get(connectionStatusAtom) !== 'disconnected') void store.set(disconnectVoiceAtom)
    },
    [store],
  )

  const onConnect = () => {
    connect({
      page: 'console',
      module: choice.module,
      version: choice.version,
      voice,
      temperature,
      onError: (error) => notify.error(error.message),
      onClosed: (message) => notify.error(message),
      onRestarted: (message) => notify.warning(message),
      onToolError: (message, call) => notify.error(message, { description: call.error }),
    }).catch((error: unknown) => {
      notify.error(error instanceof Error && error.message ? error.message : 'The session could not start.')
    })
  }

  // SPEC §4: disconnect copies the conversation to the clipboard and resets the console.
  const onDisconnect = async () => {
    const transcript = formatTranscript(store.get(conversationItemsAtom))
    // Started inside the click: some browsers allow the clipboard only during a user gesture.
    const copied = transcript ? copyText(transcript) : null
    await disconnect()
    if (!copied) notify.info('No conversation to copy')
    else if (await copied) notify.success('Conversation copied to clipboard')
    else notify.error('The browser did not allow copying. Select the text and copy it by hand.')
    reset()
  }

  const onTemperature = (value: number) => {
    setTemperature(value)
    // Staff may change it live (PRODUCT §4); only the local provider uses it.
    if (connected) sendEvent({ type: 'session.update', session: { type: 'realtime', temperature: value } })
  }

  return (
    <section className="grid gap-6" aria-labelledby="console-title">
      <title>Console · Hearth</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="console-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Console
          </h1>
          <p className="text-sm text-muted-foreground sm:text-base">Talk to a sequence, watch it move, and tune it.</p>
        </div>
        <SessionStatus provider={setup?.provider ?? null} />
      </header>
      <VoiceConnectErrorNotice />

      <ConsoleSessionCard
        modules={modules}
        modulesFailed={setup !== null && !setup.modules.ok}
        choice={choice}
        voice={voice}
        onVoice={setVoice}
        temperature={temperature}
        onTemperature={onTemperature}
        onConnect={onConnect}
        onDisconnect={() => void onDisconnect()}
      />

      <Panel title="Prompt path" action={<TurnFigures />}>
        <PromptPathBreadcrumb />
      </Panel>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title="Conversation" action={<ClearConversationButton />}>
          <ConversationPanel
            canDelete={connected}
            onDelete={deleteItem}
            emptyText={connected ? 'Say something, or hold Push to talk in manual mode.' : 'Connect to start a conversation.'}
          />
        </Panel>
        <aside aria-label="Levels, memory and mood" className="grid gap-4">
          <LevelPanels />
          <MemoryPanel />
          <MoodPanel />
        </aside>
      </div>

      <Panel title="Event log">
        <EventLogPanel log={staffEventLog} />
      </Panel>
    </section>
  )
}

/** The module list and provider, read once when the console opens (`/` is shared with visitors, so no loader). */
function useVoiceSetup(): VoiceSetup | null {
  const [setup, setSetup] = useState<VoiceSetup | null>(null)
  useEffect(() => {
    const controller = new AbortController()
    loadVoiceSetup(controller.signal).then(setSetup, (error: unknown) => {
      if (!isAbortError(error)) setSetup({ modules: { ok: false, message: 'Unknown error' }, provider: null })
    })
    return () => controller.abort()
  }, [])
  return setup
}
