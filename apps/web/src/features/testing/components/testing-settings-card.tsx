// The testing page's settings and actions (SPEC §2 "Testing page"): voice, temperature, sequence, version,
// message limit and microphone; Connect/Disconnect, View active prompt, Edit prompts, Edit gpt4o prompt and
// copy the current conversation.
import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { useAtomValue, useStore } from 'jotai'
import { LoaderCircle, Pencil, Phone, PhoneOff } from 'lucide-react'
import type { Voice } from '@hearth/protocol'

import { Button, buttonVariants } from '@hearth/ui/components/button'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { Switch } from '@hearth/ui/components/switch'

import { CopyButton } from '@/components/copy-button'
import { SystemPromptButton } from '@/features/testing/components/system-prompt-dialog'
import { connectionStatusAtom, conversationItemsAtom } from '@/voice/atoms'
import { ActivePromptDialog } from '@/voice/components/active-prompt-dialog'
import type { ModuleChoice } from '@/voice/components/use-module-choice'
import { TurnDetectionSelect } from '@/voice/components/turn-detection-select'
import { SequenceSelect, TemperatureControl, VersionSelect, VoiceSelect } from '@/voice/components/voice-settings'
import { formatTranscript } from '@/voice/transcript'

type TestingSettingsCardProps = {
  modules: string[] | null
  modulesFailed: boolean
  choice: ModuleChoice
  voice: Voice
  onVoice: (voice: Voice) => void
  temperature: number
  onTemperature: (temperature: number) => void
  limitText: string
  onLimitText: (text: string) => void
  limitValid: boolean
  micOn: boolean
  onMicOn: (on: boolean) => void
  systemPrompt: string | null
  onSystemPrompt: (prompt: string) => void
  onConnect: () => void
  onDisconnect: () => void
}

export function TestingSettingsCard(props: TestingSettingsCardProps) {
  const { modules, modulesFailed, choice, voice, onVoice, temperature, onTemperature } = props
  const store = useStore()
  const limitId = useId()
  const limitHintId = useId()
  const micId = useId()
  const status = useAtomValue(connectionStatusAtom)
  const busy = status === 'connecting' || status === 'disconnecting'
  const idle = status === 'disconnected'

  return (
    <section aria-label="Run settings" className="grid gap-5 rounded-xl border bg-card p-4 shadow-xs sm:p-5">
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
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={limitId}>Message limit</Label>
          <Input
            id={limitId}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={props.limitText}
            disabled={!idle}
            aria-invalid={!props.limitValid}
            aria-describedby={limitHintId}
            onChange={(event) => props.onLimitText(event.target.value)}
          />
          <p id={limitHintId} className={props.limitValid ? 'text-xs text-muted-foreground' : 'text-xs text-destructive'}>
            {props.limitValid ? 'The run stops after this many assistant messages.' : 'Enter a whole number, at least 1.'}
          </p>
        </div>
        <div className="grid min-w-0 content-start gap-1.5">
          <Label htmlFor={micId}>Microphone</Label>
          <div className="flex h-9 items-center gap-2">
            <Switch id={micId} checked={props.micOn} onCheckedChange={props.onMicOn} disabled={busy} />
            <span className="text-sm">{props.micOn ? 'On' : 'Off'}</span>
          </div>
          <p className="text-xs text-muted-foreground">Off: the two models talk without your voice cutting in.</p>
        </div>
        <div className="sm:col-span-2">
          <TurnDetectionSelect page="testing" disabled={busy} />
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-x-4 gap-y-3 border-t pt-4">
        {status === 'connected' || status === 'reconnecting' || status === 'disconnecting' ? (
          // aria-disabled while busy, not disabled: a disabled button drops keyboard focus to the page; the one button
          // element turns from Connect into Disconnect and back, so focus stays on it (as on the console).
          <Button
            size="lg"
            variant="destructive"
            onClick={status === 'disconnecting' ? undefined : props.onDisconnect}
            aria-disabled={status === 'disconnecting' || undefined}
            aria-busy={status === 'disconnecting'}
          >
            {status === 'disconnecting' ? <LoaderCircle className="animate-spin" aria-hidden /> : <PhoneOff aria-hidden />}
            Disconnect
          </Button>
        ) : (
          <Button
            size="lg"
            onClick={busy ? undefined : props.onConnect}
            disabled={!choice.module || !props.limitValid}
            aria-disabled={busy || undefined}
            aria-busy={status === 'connecting'}
          >
            {status === 'connecting' ? <LoaderCircle className="animate-spin" aria-hidden /> : <Phone aria-hidden />}
            Connect
          </Button>
        )}
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
          <SystemPromptButton prompt={props.systemPrompt} onSaved={props.onSystemPrompt} />
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
