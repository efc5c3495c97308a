// 'View active prompt' (SPEC §2): the instructions the server composed for the live session (PRODUCT §4 —
// global prompt, module prompt, then the current prompt's fields), in an overlay.
import { useState } from 'react'
import { useAtomValue } from 'jotai'
import { ScrollText } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@hearth/ui/components/dialog'

import { CopyButton } from '@/components/copy-button'
import { voiceSessionInfoAtom } from '@/voice/atoms'

export function ActivePromptDialog() {
  const [open, setOpen] = useState(false)
  const session = useAtomValue(voiceSessionInfoAtom)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <ScrollText aria-hidden />
          View active prompt
        </Button>
      </DialogTrigger>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Active prompt</DialogTitle>
          <DialogDescription>
            {session
              ? `${session.module} v${session.version}${session.prompt ? ` · prompt ${session.prompt}` : ''} — as the server composed it`
              : 'The server composes the instructions when a session starts.'}
          </DialogDescription>
        </DialogHeader>
        {session?.instructions ? (
          <>
            <pre
              data-testid="active-prompt-text"
              className="max-h-[60dvh] overflow-auto rounded-lg border bg-muted/50 p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words"
            >
              {session.instructions}
            </pre>
            <div className="flex justify-end">
              <CopyButton text={session.instructions} successMessage="Prompt copied to clipboard" label="Copy prompt" size="sm" />
            </div>
          </>
        ) : (
          <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
            Connect to see the instructions of this session.
          </p>
        )}
      </DialogContent>
    </Dialog>
  )
}
