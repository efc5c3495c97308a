// The testing page (SPEC §2 "Testing page", §4): automatic conversations between the assistant and a second
// model, stopped by the message limit, with the same event log, conversation, memory, mood, prompt path and
// latency as the console, and a summary of each run; below them the server-side test suites (PRODUCT §10).
import { useEffect, useRef, useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { STAFF_DEFAULT_VOICE, TEMPERATURE_DEFAULT, type Voice } from '@hearth/protocol'

import { Skeleton } from '@hearth/ui/components/skeleton'

import { fetchSecondModelReply } from '@/features/testing/api'
import { AutoConversation } from '@/features/testing/auto-conversation'
import { RunSummaryPanel } from '@/features/testing/components/run-summary-panel'
import { TestingSettingsCard } from '@/features/testing/components/testing-settings-card'
import { TestSuitesSection } from '@/features/testing/components/test-suites-section'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'
import {
  connectionStatusAtom,
  conversationItemsAtom,
  disconnectVoiceAtom,
  keepEndedConversationAtom,
  memoryValuesAtom,
  moodScoresAtom,
  responseInProgressAtom,
  sendUserTextAtom,
  sendVoiceEventAtom,
  setTurnModeAtom,
  setVoiceMicMutedAtom,
  voiceSessionInfoAtom,
} from '@/voice/atoms'
import { ClearConversationButton } from '@/voice/components/clear-conversation-button'
import { ConversationPanel } from '@/voice/components/conversation-panel'
import { EventLogPanel } from '@/voice/components/event-log-panel'
import { TurnFigures } from '@/voice/components/turn-taking'
import { LevelPanels } from '@/voice/components/level-panels'
import { MemoryPanel, MoodPanel } from '@/voice/components/memory-mood-panels'
import { Panel } from '@/voice/components/panel'
import { PromptPathBreadcrumb } from '@/voice/components/prompt-path-breadcrumb'
import { VoiceConnectErrorNotice } from '@/voice/components/connect-error'
import { SessionStatus } from '@/voice/components/session-status'
import { useModuleChoice } from '@/voice/components/use-module-choice'
import { useVoiceTestHook } from '@/voice/components/use-voice-test-hook'
import { buildRunSummary, type RunSummary, type RunSummaryInput } from '@/voice/run-summary'
import {
  connectStaffVoiceAtom,
  deleteConversationItemAtom,
  promptPathAtom,
  resetStaffVoiceAtom,
  sessionStartedAtAtom,
  staffEventLog,
  toolCallsAtom,
  turnLatencySummaryAtom,
  turnTakingSummaryAtom,
} from '@/voice/staff-atoms'

const route = getRouteApi('/_staff/testing')

/** The version in the page header (SPEC: 'Console v... -- Automatic conversations'). */
export const CONSOLE_VERSION = '1.0'
/** SPEC §9: default message limit 20, minimum 1. */
const DEFAULT_LIMIT = 20

export function TestingPage() {
  useVoiceTestHook()
  const { setup, systemPrompt: loadedPrompt } = route.useLoaderData()
  const store = useStore()
  const status = useAtomValue(connectionStatusAtom)
  const session = useAtomValue(voiceSessionInfoAtom)
  const connect = useSetAtom(connectStaffVoiceAtom)
  const disconnect = useSetAtom(disconnectVoiceAtom)
  const deleteItem = useSetAtom(deleteConversationItemAtom)
  const sendText = useSetAtom(sendUserTextAtom)
  const sendEvent = useSetAtom(sendVoiceEventAtom)
  const setMicMuted = useSetAtom(setVoiceMicMutedAtom)
  const setTurnMode = useSetAtom(setTurnModeAtom)
  const keepConversation = useSetAtom(keepEndedConversationAtom)
  const items = useAtomValue(conversationItemsAtom)
  const modules = setup.modules.ok ? setup.modules.names : []
  const choice = useModuleChoice(modules)
  const [voice, setVoice] = useState<Voice>(STAFF_DEFAULT_VOICE)
  const [temperature, setTemperature] = useState(TEMPERATURE_DEFAULT)
  const [limitText, setLimitText] = useState(String(DEFAULT_LIMIT))
  const [micOn, setMicOn] = useState(true)
  const [systemPrompt, setSystemPrompt] = useState<string | null>(loadedPrompt.ok ? loadedPrompt.text : null)
  const [assistantCount, setAssistantCount] = useState(0)
  const [summary, setSummary] = useState<RunSummary | null>(null)
  const run = useRef<{ auto: AutoConversation; limit: number; ended: boolean } | null>(null)
  // The second model reads these when it answers, mid-run.
  const latest = useRef({ temperature, systemPrompt, promptsByVersion: choice.promptsByVersion })
  latest.current = { temperature, systemPrompt, promptsByVersion: choice.promptsByVersion }

  const limit = Number(limitText)
  const limitValid = Number.isInteger(limit) && limit >= 1
  const connected = status === 'connected'

  useEffect(() => {
    if (!setup.modules.ok) notify.error('Error getting module names', { description: setup.modules.message })
    if (!loadedPrompt.ok) notify.error('API Request Error', { description: loadedPrompt.message })
  }, [setup, loadedPrompt])
  useEffect(() => {
    if (choice.versionsError) notify.error('Error while fetching sequence content', { description: choice.versionsError })
  }, [choice.versionsError])
  // What another staff voice page left (its memory, path, log) is not this page's.
  useEffect(() => {
    if (store.get(connectionStatusAtom) === 'disconnected') store.set(resetStaffVoiceAtom)
  }, [store])
  useEffect(
    () => () => {
      run.current?.auto.cancel()
      if (store.get(connectionStatusAtom) !== 'disconnected') void store.set(disconnectVoiceAtom)
    },
    [store],
  )

  /**
   * The run is over: the summary is made from what the session left. SPEC §4 clears the conversation at
   * disconnect; the testing page then shows it again, read only, with its prompt path and summary, until the
   * next Connect (a run is read after it ends).
   */
  const finishRun = async (endedBy: RunSummaryInput['endedBy']) => {
    const current = run.current
    if (!current || current.ended) return
    current.ended = true
    current.auto.cancel()
    if (endedBy === 'limit') notify.info('Limit of messages reached')
    const result = endedBy === 'connection' ? null : await disconnect()
    const runItems = result?.items ?? store.get(conversationItemsAtom)
    keepConversation(runItems)
    setSummary(
      buildRunSummary({
        items: runItems,
        path: store.get(promptPathAtom),
        tools: store.get(toolCallsAtom),
        memory: store.get(memoryValuesAtom),
        mood: store.get(moodScoresAtom),
        promptsByVersion: latest.current.promptsByVersion,
        latency: store.get(turnLatencySummaryAtom),
        turnTaking: store.get(turnTakingSummaryAtom).totals,
        startedAtMs: store.get(sessionStartedAtAtom) ?? Date.now(),
        endedAtMs: Date.now(),
        endedBy,
      }),
    )
  }

  const onConnect = () => {
    if (!limitValid) return
    const auto = new AutoConversation({
      limit,
      reply: (message) =>
        fetchSecondModelReply({ systemPrompt: latest.current.systemPrompt ?? '', message, temperature: latest.current.temperature }),
      sendText,
      responseInProgress: () => store.get(responseInProgressAtom),
      connected: () => store.get(connectionStatusAtom) === 'connected',
      stop: () => void finishRun('limit'),
      onError: (error) => notify.error('API Request Error', { description: errorMessage(error) }),
    })
    run.current = { auto, limit, ended: false }
    setAssistantCount(0)
    setSummary(null)
    // Automatic conversations take turns by voice activity, whatever the console was last set to.
    void setTurnMode('server_vad')
    connect({
      page: 'testing',
      module: choice.module,
      version: choice.version,
      voice,
      temperature,
      onServerEvent: (event) => {
        auto.handle(event)
        if (event.type === 'response.done') setAssistantCount(auto.count)
      },
      onError: (error) => notify.error(error.message),
      onRestarted: (message) => notify.warning(message),
      onClosed: (message) => {
        notify.error(message)
        void finishRun('connection')
      },
      onToolError: (message, call) => notify.error(message, { description: call.error }),
    })
      .then(() => {
        if (!micOn) void setMicMuted(true)
      })
      .catch((error: unknown) => {
        run.current = null
        notify.error(error instanceof Error && error.message ? error.message : 'The session could not start.')
      })
  }

  const onTemperature = (value: number) => {
    setTemperature(value)
    if (connected) sendEvent({ type: 'session.update', session: { type: 'realtime', temperature: value } })
  }
  const onMicOn = (on: boolean) => {
    setMicOn(on)
    if (connected) void setMicMuted(!on)
  }

  const live = status === 'connected' || status === 'reconnecting' || status === 'disconnecting'
  const keptRun = !live && summary !== null && items.length > 0 ? summary : null
  return (
    <section className="grid gap-6" aria-labelledby="testing-title">
      <title>Testing Page</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h1 id="testing-title" className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">
            Console v{CONSOLE_VERSION} -- Automatic conversations
          </h1>
          <p className="text-sm text-muted-foreground sm:text-base">
            The assistant talks with a second model until the message limit; you watch, listen and read the summary.
          </p>
        </div>
        <SessionStatus provider={setup.provider} />
      </header>
      <VoiceConnectErrorNotice />

      <TestingSettingsCard
        modules={setup.modules.ok ? modules : null}
        modulesFailed={!setup.modules.ok}
        choice={choice}
        voice={voice}
        onVoice={setVoice}
        temperature={temperature}
        onTemperature={onTemperature}
        limitText={limitText}
        onLimitText={setLimitText}
        limitValid={limitValid}
        micOn={micOn}
        onMicOn={onMicOn}
        systemPrompt={systemPrompt}
        onSystemPrompt={setSystemPrompt}
        onConnect={onConnect}
        onDisconnect={() => void finishRun('operator')}
      />

      <Panel title="Now" action={<TurnFigures />}>
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Selected sequence</dt>
            <dd data-testid="selected-sequence" className="font-medium">
              {choice.module ? `${choice.module}${choice.version ? ` v${choice.version}` : ''}` : '—'}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Current prompt</dt>
            <dd data-testid="current-prompt" className="font-medium">
              {live && session ? session.prompt || '(no prompt)' : '—'}
            </dd>
          </div>
          <div className="grid gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Assistant messages</dt>
            <dd data-testid="assistant-count" className="font-mono tabular-nums">
              {run.current ? `${assistantCount} / ${run.current.limit}` : '—'}
            </dd>
          </div>
        </dl>
        <PromptPathBreadcrumb />
      </Panel>

      {summary && <RunSummaryPanel summary={summary} />}

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <Panel title="Conversation" action={<ClearConversationButton />}>
          {keptRun && <KeptRunNote summary={keptRun} />}
          <ConversationPanel
            canDelete={connected}
            onDelete={deleteItem}
            emptyText={connected ? 'The assistant is about to speak.' : 'Connect to start an automatic conversation.'}
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

      <TestSuitesSection modules={setup.modules.ok ? modules : null} modulesFailed={!setup.modules.ok} />
    </section>
  )
}

/** Says why the run stopped and that what is shown is the finished run, kept until the next Connect. */
function KeptRunNote({ summary }: { summary: RunSummary }) {
  const why =
    summary.endedBy === 'limit'
      ? `Limit of messages reached: the run stopped after ${summary.messages.assistant} assistant message${summary.messages.assistant === 1 ? '' : 's'}.`
      : summary.endedBy === 'operator'
        ? 'The run was stopped with Disconnect.'
        : 'The run ended when the connection closed.'
  return (
    <p
      role="status"
      data-testid="kept-run-note"
      className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      {why} Its conversation stays here until the next Connect.
    </p>
  )
}

export function TestingPending() {
  return (
    <section className="grid gap-6" aria-busy="true" aria-label="Loading the testing page">
      <title>Testing Page</title>
      <Skeleton className="h-9 w-96 max-w-full" />
      <Skeleton className="h-56 w-full rounded-xl" />
      <Skeleton className="h-32 w-full rounded-xl" />
      <Skeleton className="h-72 w-full rounded-xl" />
    </section>
  )
}
