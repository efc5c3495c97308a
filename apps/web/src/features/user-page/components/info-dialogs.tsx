import { Bluetooth, Mic, RefreshCw, Trash2, UserRound } from 'lucide-react'
import type { ReactNode } from 'react'

import { Button } from '@hearth/ui/components/button'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@hearth/ui/components/dialog'

type InfoDialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

/** SPEC §2 "AirPods guide". */
export function AirPodsDialog({ open, onOpenChange }: InfoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Using AirPods?</DialogTitle>
          <DialogDescription>Wireless earbuds work well with Hearth when they are set up first.</DialogDescription>
        </DialogHeader>
        <ol className="grid gap-3">
          <Step icon={<Bluetooth />} title="Connect them before you chat">
            Put your AirPods in and make sure they are connected before you press chat.
          </Step>
          <Step icon={<RefreshCw />} title="Not working?">
            Disconnect, check the Bluetooth connection of your AirPods, refresh this page and start again.
          </Step>
        </ol>
        <DialogFooter>
          <DialogClose asChild>
            <Button>Got it</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

/** SPEC §1's privacy statements, as shown to users. */
export function PrivacyDialog({ open, onOpenChange }: InfoDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>How is my data used?</DialogTitle>
          <DialogDescription>Hearth keeps as little as it can.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3">
          <Step icon={<Mic />} title="Voice recordings are never saved.">
            Your voice is streamed for the conversation and never stored.
          </Step>
          <Step icon={<Trash2 />} title="Transcripts are processed temporarily to update your profile and then immediately deleted.">
            What you said is used only to update your profile; the transcript itself is not kept.
          </Step>
          <Step icon={<UserRound />} title="Only your user profile is retained.">
            It helps Hearth remember what matters to you and introduce you to like-minded people.
          </Step>
        </ul>
        <DialogFooter className="items-center sm:justify-between">
          <a href="/privacy" target="_blank" rel="noopener" className="text-sm text-primary underline-offset-4 hover:underline">
            Read the privacy policy
          </a>
          <DialogClose asChild>
            <Button className="w-full sm:w-auto">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

function Step({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="flex gap-3 rounded-lg border bg-card/70 p-3">
      <span className="grid size-8 shrink-0 place-items-center rounded-full bg-accent text-accent-foreground [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      <div className="grid gap-1">
        <p className="text-sm leading-snug font-medium">{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  )
}
