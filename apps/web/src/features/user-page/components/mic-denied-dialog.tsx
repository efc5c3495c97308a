import { MicOff } from 'lucide-react'

import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@hearth/ui/components/alert-dialog'

import { MIC_DENIED_MESSAGE } from '@/voice/errors'

/** SPEC §8: the alert shown when the browser refuses the microphone. */
export function MicDeniedDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent className="sm:max-w-md">
        <AlertDialogHeader>
          <span className="mx-auto grid size-10 place-items-center rounded-full bg-destructive/10 text-destructive sm:mx-0" aria-hidden>
            <MicOff className="size-5" />
          </span>
          <AlertDialogTitle>Microphone needed</AlertDialogTitle>
          <AlertDialogDescription className="grid gap-2">
            <span className="font-medium text-foreground">{MIC_DENIED_MESSAGE}</span>
            <span>Allow the microphone for this site in your browser’s address bar or settings, then press chat again.</span>
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogAction>OK</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
