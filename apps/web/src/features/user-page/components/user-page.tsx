import { type ReactNode, useEffect, useState } from 'react'
import { useAtomValue, useSetAtom, useStore } from 'jotai'
import { MessageSquareText } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { preloadToasts } from '@hearth/ui/components/deferred-toaster'

import {
  connectionStatusAtom,
  connectVoiceAtom,
  conversationItemsAtom,
  disconnectVoiceAtom,
  inputLevelAtom,
  outputLevelAtom,
  selectVoiceModuleAtom,
  voiceSessionInfoAtom,
} from '@/voice/atoms'
import { LevelBars } from '@/voice/components/level-bars'
import { SelfInterruptionOffer } from '@/voice/components/self-interruption-offer'
import { MicrophoneDeniedError } from '@/voice/errors'
import { VoiceConnectErrorNotice } from '@/voice/components/connect-error'
import { formatTranscript } from '@/voice/transcript'
import type { EndUser, UserContent } from '@/features/user-page/api'
import {
  chooseModuleAtom,
  copyOnDisconnectAtom,
  lastConversationAtom,
  loadUserPageAtom,
  modulesAtom,
  realtimeProviderAtom,
  rememberConversationAtom,
  reloadUserContentAtom,
  selectedModuleAtom,
  smsReminderAtom,
  userPageAtom,
} from '@/features/user-page/atoms'
import {
  cancelFeedbackAtom,
  feedbackSendingAtom,
  feedbackStepAtom,
  preloadRecorder,
  startFeedbackAtom,
} from '@/features/user-page/feedback-atoms'
import { type ChatEnding, chatEnding, chatSubtitle } from '@/features/user-page/chat-texts'
import { CaptionsPanel, CaptionsToggle } from '@/features/user-page/components/captions'
import { ChatControl } from '@/features/user-page/components/chat-control'
import { ChatEndingNotice } from '@/features/user-page/components/chat-ending-notice'
import { LazyDialog } from '@/features/user-page/components/lazy-dialog'
import { IosBrowserWarning, LocalProviderNotice, StaffPreviewNotice } from '@/features/user-page/components/notices'
import { ErrorState, LinkErrorState, LoadingState, NoLinkState } from '@/features/user-page/components/page-states'
import { UserTopBar } from '@/features/user-page/components/top-bar'
import { copyText } from '@/lib/clipboard'
import { deferredNotify as notify } from '@/lib/deferred-notify'

// The dialogs (and the Radix dialog code under them) download when first opened, or on hover of their button.
const loadFeedbackDialog = () => import('@/features/user-page/components/feedback-dialog').then((m) => m.FeedbackDialog)
const loadSettingsDialog = () => import('@/features/user-page/components/settings-dialog').then((m) => m.SettingsDialog)
const loadWellbeingDialog = () => import('@/features/user-page/components/wellbeing-dialog').then((m) => m.WellbeingDialog)
const loadAirPodsDialog = () => import('@/features/user-page/components/info-dialogs').then((m) => m.AirPodsDialog)
const loadPrivacyDialog = () => import('@/features/user-page/components/info-dialogs').then((m) => m.PrivacyDialog)
const loadMicDeniedDialog = () => import('@/features/user-page/components/mic-denied-dialog').then((m) => m.MicDeniedDialog)
const loadMetQuestionCard = () => import('@/features/user-page/components/met-question-card').then((m) => m.MetQuestionCard)
/** A head start on hover or focus; a failed download is tried again when the dialog opens. */
const prefetch = (load: () => Promise<unknown>) => () => void load().catch(() => undefined)
const prefetchFeedback = prefetch(() => Promise.all([loadFeedbackDialog(), preloadRecorder()]))

type UserPageProps = {
  /** `id` of the query (SPEC §2). */
  idParam: string | null
  /** `module` of the query (SPEC §2, §9). */
  moduleParam: string | null
  /** Reads the personal link's token and removes it from the address bar at once. */
  takeLinkToken: () => string | null
  /** Keeps the chosen module in the address, so a reload stays on it. */
  onModuleChange: (module: string) => void
}

/** The end-user voice page (SPEC §2 "User page", title 'User'). */
export function UserPage({ idParam, moduleParam, takeLinkToken, onModuleChange }: UserPageProps) {
  const store = useStore()
  const page = useAtomValue(userPageAtom)
  const load = useSetAtom(loadUserPageAtom)

  // Browser tests read the voice state through window.__hearthVoice; only automated browsers download the hook.
  useEffect(() => {
    if (!navigator.webdriver) return
    let uninstall: (() => void) | null = null
    let unmounted = false
    void import('@/voice/test-hook').then(({ installVoiceTestHook }) => {
      if (!unmounted) uninstall = installVoiceTestHook(store)
    })
    return () => {
      unmounted = true
      uninstall?.()
    }
  }, [store])

  useEffect(() => {
    void load({ token: takeLinkToken(), idParam, moduleParam })
    // Once per visit: the token is consumed on the first run, and a reload starts the page afresh.
  }, [])

  useEffect(() => {
    if (page.phase === 'error') notify.error(page.message)
  }, [page])

  // Leaving the page ends a live (or starting) conversation properly; post-chat still runs on the server.
  useEffect(
    () => () => {
      if (store.get(connectionStatusAtom) !== 'disconnected') void store.set(disconnectVoiceAtom)
    },
    [store],
  )

  return (
    <div className="relative isolate flex min-h-dvh flex-col overflow-x-clip">
      <title>User</title>
      <div
        aria-hidden
        className="absolute inset-x-0 top-10 -z-10 mx-auto h-[28rem] max-w-3xl rounded-full bg-[radial-gradient(closest-side,oklch(0.88_0.1_70/0.5),transparent)] blur-2xl"
      />
      {page.phase === 'ready' ? (
        <VoiceHome user={page.user} content={page.content} preview={page.preview} onModuleChange={onModuleChange} />
      ) : (
        <>
          <UserTopBar />
          <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-10 sm:px-6">
            {page.phase === 'loading' && <LoadingState />}
            {page.phase === 'no-link' && <NoLinkState staff={page.staff} />}
            {page.phase === 'link-error' && <LinkErrorState message={page.message} />}
            {page.phase === 'error' && (
              <ErrorState message={page.message} onRetry={() => void load({ token: null, idParam, moduleParam })} />
            )}
          </main>
        </>
      )}
    </div>
  )
}

type VoiceHomeProps = {
  user: EndUser
  content: UserContent | null
  preview: boolean
  onModuleChange: (module: string) => void
}

function VoiceHome({ user, content, preview, onModuleChange }: VoiceHomeProps) {
  const store = useStore()
  const modules = useAtomValue(modulesAtom)
  const selectedModule = useAtomValue(selectedModuleAtom)
  const provider = useAtomValue(realtimeProviderAtom)
  const session = useAtomValue(voiceSessionInfoAtom)
  const status = useAtomValue(connectionStatusAtom)
  const feedbackStep = useAtomValue(feedbackStepAtom)
  const feedbackSending = useAtomValue(feedbackSendingAtom)
  const connect = useSetAtom(connectVoiceAtom)
  const disconnect = useSetAtom(disconnectVoiceAtom)
  const startFeedback = useSetAtom(startFeedbackAtom)
  const cancelFeedback = useSetAtom(cancelFeedbackAtom)
  const rememberConversation = useSetAtom(rememberConversationAtom)
  const reloadUser = useSetAtom(reloadUserContentAtom)
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [wellbeingOpen, setWellbeingOpen] = useState(false)
  const [airPodsOpen, setAirPodsOpen] = useState(false)
  const [privacyOpen, setPrivacyOpen] = useState(false)
  const [micDenied, setMicDenied] = useState(false)
  const [captionsOn, setCaptionsOn] = useState(false)
  /** How the last chat of this visit ended; cleared when the next one starts. */
  const [ending, setEnding] = useState<ChatEnding | null>(null)

  const live = status === 'connected' || status === 'reconnecting' || status === 'disconnecting'
  // While talking, the server says which module runs (it may have fallen back to the default).
  const moduleName = live && session?.module ? session.module : selectedModule
  const localProvider = (live ? session?.provider : provider) === 'local'
  const displayName = (content?.name || user.name).split(/\s+/)[0]

  const onChat = () => {
    preloadToasts() // a dropped connection's toasts must not need the network
    setEnding(null)
    connect({
      page: 'user',
      module: selectedModule,
      settings: { reminder: store.get(smsReminderAtom) },
      onError: (error) => notify.error(error.message),
      onClosed: (message) => notify.error(message),
      onRestarted: (message) => notify.warning(message),
    }).catch((error: unknown) => {
      if (error instanceof MicrophoneDeniedError) setMicDenied(true)
      else notify.error(error instanceof Error ? error.message : 'The conversation could not start.')
    })
  }

  const onDisconnect = async () => {
    const copy = store.get(copyOnDisconnectAtom)
    const transcript = formatTranscript(store.get(conversationItemsAtom))
    // Started inside the click: some browsers only allow the clipboard during a user gesture.
    const copied = copy && transcript ? copyText(transcript) : null
    const result = await disconnect()
    if (!result) return
    rememberConversation(result.transcript)
    setEnding(chatEnding({ ...result, spoke: result.items.length > 0 }, preview))
    if (result.error) notify.error(`Disconnect process error: ${result.error}`)
    if (copy) {
      if (!copied) notify.info('No conversation to copy')
      else if (await copied) notify.success('Conversation copied to clipboard')
      else notify.error('The conversation could not be copied to the clipboard.')
    }
    // SPEC §4: after a chat the user is reloaded (profile and memory may have changed).
    reloadUser().catch(() => undefined)
  }

  const onChooseModule = (name: string) => {
    const chosen = store.set(chooseModuleAtom, name)
    if (!chosen) return
    onModuleChange(chosen)
    if (store.get(connectionStatusAtom) === 'connected') store.set(selectVoiceModuleAtom, { module: chosen })
  }

  const onFeedback = () => {
    startFeedback().catch((error: unknown) => {
      if (error instanceof MicrophoneDeniedError) setMicDenied(true)
    })
  }

  const feedbackContext = () => {
    const connected = store.get(connectionStatusAtom) === 'connected'
    const info = store.get(voiceSessionInfoAtom)
    const module = (connected && info?.module) || store.get(selectedModuleAtom)
    return {
      selectedSequence: module ? `${module}.json` : null,
      selectedVersion: info?.version ?? null,
      conversation: connected ? formatTranscript(store.get(conversationItemsAtom)) : store.get(lastConversationAtom),
    }
  }

  return (
    <>
      <UserTopBar
        moduleName={moduleName}
        modules={modules}
        onChooseModule={onChooseModule}
        onOpenSettings={() => setSettingsOpen(true)}
        onOpenWellbeing={() => setWellbeingOpen(true)}
        onMenuOpen={prefetch(() => Promise.all([loadSettingsDialog(), loadWellbeingDialog()]))}
      />
      <IosBrowserWarning />
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col items-center justify-center px-4 py-8 sm:px-6">
        <section className="grid w-full max-w-md justify-items-center gap-6 text-center">
          <div className="grid justify-items-center gap-2">
            <h1 className="font-display text-3xl font-semibold tracking-tight text-balance sm:text-4xl">Hi, {displayName}</h1>
            <p className="max-w-sm text-sm text-balance text-muted-foreground sm:max-w-md sm:text-base">
              {chatSubtitle(status, ending !== null)}
            </p>
            {/* Which provider runs is staff knowledge: a member never sees the local-provider label. */}
            {preview && (
              <div className="flex flex-wrap justify-center gap-2 pt-1">
                {localProvider && <LocalProviderNotice />}
                {preview && <StaffPreviewNotice name={user.name} />}
              </div>
            )}
          </div>

          <ChatControl onChat={onChat} onDisconnect={() => void onDisconnect()} disabled={modules !== null && modules.length === 0} />
          {captionsOn && status !== 'disconnected' && <CaptionsPanel />}
          {ending && status === 'disconnected' && <ChatEndingNotice ending={ending} />}
          {/* Staff previewing have no questions of their own (the server answers them 403). */}
          <LazyDialog open={!preview} load={loadMetQuestionCard} props={{}} onFailed={() => undefined} />
          <CaptionsToggle on={captionsOn} onChange={setCaptionsOn} />
          <VoiceConnectErrorNotice />
          {modules !== null && modules.length === 0 && (
            <p className="text-sm text-muted-foreground">No conversation modules are available yet. Please check back soon.</p>
          )}
          <SelfInterruptionOffer />

          <div className="grid w-full grid-cols-2 gap-3">
            <LevelPanel caption="You">
              <LevelBars level={inputLevelAtom} label="Your microphone level" />
            </LevelPanel>
            <LevelPanel caption="Hearth">
              <LevelBars level={outputLevelAtom} label="Hearth’s voice level" barClassName="bg-amber-500" />
            </LevelPanel>
          </div>

          <Button
            variant="outline"
            size="lg"
            className="w-full max-w-xs bg-card/80"
            onClick={onFeedback}
            onPointerEnter={prefetchFeedback}
            onFocus={prefetchFeedback}
            disabled={feedbackStep !== 'initial'}
          >
            <MessageSquareText aria-hidden />
            {feedbackSending ? 'Sending…' : feedbackStep === 'recording' ? 'Recording…' : 'Provide feedback'}
          </Button>

          <nav aria-label="Help" className="flex flex-wrap items-center justify-center gap-x-2 gap-y-1 text-sm">
            <Button
              variant="link"
              size="sm"
              className="h-auto px-1 text-muted-foreground hover:text-primary"
              onClick={() => setAirPodsOpen(true)}
              onPointerEnter={prefetch(loadAirPodsDialog)}
              onFocus={prefetch(loadAirPodsDialog)}
            >
              Using AirPods?
            </Button>
            <span aria-hidden className="text-muted-foreground/50">
              ·
            </span>
            <Button
              variant="link"
              size="sm"
              className="h-auto px-1 text-muted-foreground hover:text-primary"
              onClick={() => setPrivacyOpen(true)}
              onPointerEnter={prefetch(loadPrivacyDialog)}
              onFocus={prefetch(loadPrivacyDialog)}
            >
              How is my data used?
            </Button>
          </nav>
        </section>
      </main>

      <LazyDialog
        open={feedbackStep !== 'initial'}
        load={loadFeedbackDialog}
        props={{ context: feedbackContext }}
        onFailed={() => void cancelFeedback()}
      />
      <LazyDialog
        open={settingsOpen}
        load={loadSettingsDialog}
        props={{
          open: settingsOpen,
          onOpenChange: setSettingsOpen,
          userName: preview ? user.name : user.userFile,
          phoneNumber: content?.phone_number ?? null,
        }}
        onFailed={() => setSettingsOpen(false)}
      />
      <LazyDialog
        open={wellbeingOpen}
        load={loadWellbeingDialog}
        props={{ open: wellbeingOpen, onOpenChange: setWellbeingOpen }}
        onFailed={() => setWellbeingOpen(false)}
      />
      <LazyDialog
        open={airPodsOpen}
        load={loadAirPodsDialog}
        props={{ open: airPodsOpen, onOpenChange: setAirPodsOpen }}
        onFailed={() => setAirPodsOpen(false)}
      />
      <LazyDialog
        open={privacyOpen}
        load={loadPrivacyDialog}
        props={{ open: privacyOpen, onOpenChange: setPrivacyOpen }}
        onFailed={() => setPrivacyOpen(false)}
      />
      <LazyDialog
        open={micDenied}
        load={loadMicDeniedDialog}
        props={{ open: micDenied, onOpenChange: setMicDenied }}
        onFailed={() => setMicDenied(false)}
      />
    </>
  )
}

function LevelPanel({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure className="grid gap-1 rounded-xl border bg-card/70 px-3 pt-2 pb-1.5 shadow-xs">
      {children}
      <figcaption className="text-xs font-medium text-muted-foreground">{caption}</figcaption>
    </figure>
  )
}
