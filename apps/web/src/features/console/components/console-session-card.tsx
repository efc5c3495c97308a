// The console's settings and actions (SPEC §2): voice, temperature, sequence and version; Connect/Disconnect,
// turn mode and turn detection, push-to-talk, View active prompt, Edit prompts and Copy conversation.
import { Link } from '@tanstack/react-router'
import { useAtomValue, useStore } from 'jotai'
import { LoaderCircle, Pencil, Phone, PhoneOff } from 'lucide-react'
import type { Voice } from '@hearth/protocol'

import { Button, buttonVariants } from '@hearth/ui/components/button'

import { CopyButton } from '@/components/copy-button'
import { PushToTalkButton } from '@/voice/components/push-to-talk-button'
import { TurnModeToggle } from '@/features/console/components/turn-mode-toggle'
import { connectionStatusAtom, conversationItemsAtom, turnModeAtom } from '@/voice/atoms'
import { ActivePromptDialog } from '@/voice/components/active-prompt-dialog'
import { TurnDetectionSelect } from '@/voice/components/turn-detection-select'
import type { ModuleChoice } from '@/voice/components/use-module-choice'
import { SequenceSelect, TemperatureControl, VersionSelect, VoiceSelect } from '@/voice/components/voice-settings'
import { formatTranscript } from '@/voice/transcript'

type ConsoleSessionCardProps = {
  modules: string[] | null
  modulesFailed: boolean
  choice: ModuleChoice
  voice: Voice
  onVoice: (voice: Voice) => void
  temperature: number
  onTemperature: (temperature: number) => void
  onConnect: () => void
  onDisconnect: () => void
}

export function ConsoleSessionCard(props: ConsoleSessionCardProps) {
  const { modules, modulesFailed, choice, voice, onVoice, temperature, onTemperature, onConnect, onDisconnect } = props
  const store = useStore()
  const status = useAtomValue(connectionStatusAtom)
  const turnMode = useAtomValue(turnModeAtom)
  const connected = status === 'connected'
  const busy = status === 'connecting' || status === 'disconnecting'
  const idle = status === 'disconnected'

  return (
    <section aria-label="Session" className="grid gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <VoiceSelect value={voice} onChange={onVoice} disabled={!idle} />
        <TemperatureControl value={temperature} onChange={onTemperature} disabled={busy} />
        <SequenceSelect modules={modules} value={choice.module} onChange={choice.chooseModule} failed={modulesFailed} disabled={busy} />
        <VersionSelect
          versions={choice.versions}
          value={choice.version}
          onChange={choice.chooseVersion}
          loading={choice.versionsLoading}
          disabled={busy}
        />
      </div>

      <div className="flex flex-wrap items-end gap-x-6 gap-y-4 border-t pt-4">
        {connected || status === 'reconnecting' || status === 'disconnecting' ? (
          // aria-disabled while busy, not disabled: a disabled button drops keyboard focus to the page (the same
          // button element turns from Connect into Disconnect and back, so focus stays on it throughout).
          <Button
            size="lg"
            variant="destructive"
            onClick={status === 'disconnecting' ? undefined : onDisconnect}
            aria-disabled={status === 'disconnecting' || undefined}
            aria-busy={status === 'disconnecting'}
          >
            {status === 'disconnecting' ? <LoaderCircle className="animate-spin" aria-hidden /> : <PhoneOff aria-hidden />}
            Disconnect
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={busy ? undefined : onConnect}
            disabled={!choice.module}
            aria-disabled={busy || undefined}
            aria-busy={status === 'connecting'}
          >
            {status === 'connecting' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Phone aria-hidden />}
            Connect
          </Button>
        )}
        <TurnModeToggle disabled={busy} />
        <TurnDetectionSelect page="console" disabled={busy} />
        <PushToTalkButton enabled={connected && turnMode === 'manual'} />
        <div className="flex flex-wrap gap-2 lg:ml-auto">
          <ActivePromptDialog />
          <Link
            to="/prompt-manager"
            search={choice.module ? { sequence: `${choice.module}.json`, ...(choice.version ? { version: choice.version } : {}) } : {}}
            className={buttonVariants({ variant: 'outline' })}
          >
            <Pencil aria-hidden />
            Edit prompts
          </Link>
          <CopyButton
            text={() => formatTranscript(store.get(conversationItemsAtom))}
            successMessage="Conversation copied to clipboard"
            emptyMessage="No conversation to copy"
            label="Copy conversation"
          />
        </div>
      </div>
    </section>
  )
}
