import { useId } from 'react'
import { useAtom, useAtomValue, useSetAtom } from 'jotai'
import { CircleAlert, CircleCheck, LoaderCircle, Mic } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Checkbox } from '@hearth/ui/components/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Label } from '@hearth/ui/components/label'

import {
  cancelFeedbackAtom,
  closeFeedbackAtom,
  type FeedbackContext,
  feedbackMicReadyAtom,
  feedbackResultAtom,
  feedbackSendingAtom,
  feedbackStepAtom,
  includeConversationAtom,
  stopFeedbackAtom,
} from '@/features/user-page/feedback-atoms'

/** What a member reads when spoken feedback cannot be written down (the server's own wording comes first). */
const LOCAL_FEEDBACK_FALLBACK = "Spoken feedback can't be written down here yet."

type FeedbackDialogProps = {
  /** Read when Stop Recording is pressed: module, version and the conversation to include. */
  context: () => FeedbackContext
}

/** SPEC §2 feedback modal: recording (Stop Recording / Cancel Feedback), sending, then the thank-you. */
export function FeedbackDialog({ context }: FeedbackDialogProps) {
  const step = useAtomValue(feedbackStepAtom)
  const sending = useAtomValue(feedbackSendingAtom)
  const micReady = useAtomValue(feedbackMicReadyAtom)
  const result = useAtomValue(feedbackResultAtom)
  const [includeConversation, setIncludeConversation] = useAtom(includeConversationAtom)
  const stop = useSetAtom(stopFeedbackAtom)
  const cancel = useSetAtom(cancelFeedbackAtom)
  const close = useSetAtom(closeFeedbackAtom)
  const includeId = useId()

  const onOpenChange = (open: boolean) => {
    if (open) return
    if (step === 'recording') void cancel()
    else close()
  }

  return (
    <Dialog open={step !== 'initial'} onOpenChange={onOpenChange}>
      <DialogContent
        className="sm:max-w-md"
        showCloseButton={!sending}
        data-step={sending ? 'sending' : step}
        // A stray tap outside must not throw the recording away.
        onInteractOutside={(event) => event.preventDefault()}
      >
        {step === 'local' ? (
          <div className="grid justify-items-center gap-3 py-2 text-center">
            <CircleAlert className="size-10 text-amber-600" aria-hidden />
            <DialogHeader className="text-center sm:text-center">
              <DialogTitle className="text-xl">Feedback not recorded</DialogTitle>
              <DialogDescription className="text-base">{result?.message || LOCAL_FEEDBACK_FALLBACK}</DialogDescription>
            </DialogHeader>
            <p className="text-sm text-muted-foreground" data-testid="feedback-local-result">
              Nothing was stored and nothing was sent as your feedback.
            </p>
            <DialogFooter className="w-full sm:justify-center">
              <Button variant="outline" onClick={() => close()}>
                Close
              </Button>
            </DialogFooter>
          </div>
        ) : step === 'thankyou' ? (
          <div className="grid justify-items-center gap-3 py-2 text-center">
            <CircleCheck className="size-10 text-emerald-600" aria-hidden />
            <DialogHeader className="text-center sm:text-center">
              <DialogTitle className="text-xl">Thank You!</DialogTitle>
              <DialogDescription className="text-base">Your feedback has been recorded successfully.</DialogDescription>
            </DialogHeader>
            {result && (
              <blockquote
                className="max-w-full rounded-lg bg-muted px-3 py-2 text-sm text-muted-foreground"
                data-testid="feedback-transcript"
              >
                {`“${result.text}”`}
              </blockquote>
            )}
          </div>
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Recording Feedback</DialogTitle>
              <DialogDescription>Please speak your feedback now. We're listening...</DialogDescription>
            </DialogHeader>
            <div className="grid justify-items-center gap-2 py-2" role="status" aria-live="polite">
              <span className="relative grid size-16 place-items-center">
                {!sending && <span className="absolute inset-0 rounded-full bg-destructive/20 motion-safe:animate-ping" aria-hidden />}
                <span className="relative grid size-14 place-items-center rounded-full bg-destructive text-destructive-foreground">
                  {sending ? <LoaderCircle className="size-6 animate-spin" aria-hidden /> : <Mic className="size-6" aria-hidden />}
                </span>
              </span>
              <p className="text-sm font-medium text-muted-foreground">
                {sending ? 'Sending your feedback…' : micReady ? 'Recording…' : 'Starting the microphone…'}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <Checkbox
                id={includeId}
                checked={includeConversation}
                disabled={sending}
                onCheckedChange={(value) => setIncludeConversation(value === true)}
              />
              <Label htmlFor={includeId}>Include conversation in feedback</Label>
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => void cancel()} disabled={sending}>
                Cancel Feedback
              </Button>
              <Button onClick={() => void stop(context())} disabled={sending || !micReady}>
                {sending && <LoaderCircle className="animate-spin" aria-hidden />}
                Stop Recording
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}
