// Spoken feedback (SPEC §2 feedback modal, §4 "Feedback", §8 errors): initial -> recording -> thankyou ->
// initial after 2 s; cancel returns to initial; `sending` disables the buttons. The recording stays in memory,
// is transcribed by the server and only the confirmed text is stored. Without a transcription service the
// server answers a local result instead: the `local` step shows it, and nothing is stored (PRODUCT §5).
import { atom } from 'jotai'

import { isApiError, NETWORK_ERROR } from '@/lib/api'
import { deferredNotify as notify } from '@/lib/deferred-notify'
import { TOAST_MS } from '@/lib/toast-durations'
import { setVoiceMicMutedAtom } from '@/voice/atoms'
import { createAudioContext } from '@/voice/audio-context'
import { MicrophoneDeniedError } from '@/voice/errors'
import type { MicRecorder, MicRecorderOptions } from '@/voice/mic-recorder'
import { confirmFeedback, type FeedbackTranscript, sendFeedbackAudio } from '@/features/user-page/api'

export type FeedbackStep = 'initial' | 'recording' | 'thankyou' | 'local'

export const FEEDBACK_PROCESSING_ERROR =
  "Error processing feedback. Please check that your microphone is working properly and that you haven't sent an empty audio. If the problem persists, try reloading the page."
/** SPEC §9: the thank-you stays 2 s (the feedback-error toast 4.5 s, TOAST_MS.feedbackError). */
export const THANK_YOU_MS = 2000

const stepBaseAtom = atom<FeedbackStep>('initial')
const sendingBaseAtom = atom(false)
const includeConversationBaseAtom = atom(false)
const recorderBaseAtom = atom<MicRecorder | null>(null)
const resultBaseAtom = atom<FeedbackTranscript | null>(null)
/** Back to the start after a failure or a cancel; a live conversation hears the microphone again. */
const resetAtom = atom(null, (_get, set) => {
  set(stepBaseAtom, 'initial')
  set(sendingBaseAtom, false)
  set(recorderBaseAtom, null)
  void set(setVoiceMicMutedAtom, false)
})

export const feedbackStepAtom = atom((get) => get(stepBaseAtom))
export const feedbackSendingAtom = atom((get) => get(sendingBaseAtom))
/** The microphone is recording (it takes a moment to start after the modal opens). */
export const feedbackMicReadyAtom = atom((get) => get(recorderBaseAtom) !== null)
/** What the server heard, shown on the thank-you step. */
export const feedbackResultAtom = atom((get) => get(resultBaseAtom))
export const includeConversationAtom = atom(
  (get) => get(includeConversationBaseAtom),
  (_get, set, include: boolean) => set(includeConversationBaseAtom, include),
)

/**
 * Opens the modal and starts recording. Call from the click handler (the audio context is created before
 * anything is awaited). Rejects with MicrophoneDeniedError so the page can show its alert.
 */
export const startFeedbackAtom = atom(null, async (get, set) => {
  if (get(stepBaseAtom) !== 'initial') return
  set(stepBaseAtom, 'recording')
  set(resultBaseAtom, null)
  set(includeConversationBaseAtom, false)
  const starting = startRecorder({
    onLimit: () => notify.info('Feedback can be up to 5 minutes long. Press Stop Recording to send it.'),
  })
  // A live conversation must not hear (and answer) the feedback.
  void set(setVoiceMicMutedAtom, true)
  try {
    const recorder = await starting
    if (get(stepBaseAtom) !== 'recording' || get(sendingBaseAtom)) {
      await recorder.cancel()
      return
    }
    set(recorderBaseAtom, recorder)
  } catch (error) {
    set(resetAtom)
    if (error instanceof MicrophoneDeniedError) throw error
    notify.error('Error Recording Feedback', { description: error instanceof Error ? error.message : undefined })
  }
})

/** The recorder (in the voice engine) downloads with the first feedback; the page may start it early (hover). */
export const preloadRecorder = () => import('@/voice/engine')

/** The audio context is made before the recorder has downloaded, inside the click (voice/audio-context.ts). */
async function startRecorder(options: MicRecorderOptions): Promise<MicRecorder> {
  const context = createAudioContext()
  try {
    const { MicRecorder } = await preloadRecorder().catch(() => {
      throw new Error(NETWORK_ERROR)
    })
    return await MicRecorder.start({ ...options, context })
  } catch (error) {
    // MicRecorder.start closes the context itself when it fails; this covers a failed download.
    if (context.state !== 'closed') await context.close().catch(() => undefined)
    throw error
  }
}

export type FeedbackContext = {
  selectedSequence: string | null
  selectedVersion: number | null
  /** The conversation, sent only if "Include conversation in feedback" is ticked. */
  conversation: string
}

/** Stop Recording: transcribe, store the text, thank the person, close after 2 s. */
export const stopFeedbackAtom = atom(null, async (get, set, context?: FeedbackContext) => {
  const recorder = get(recorderBaseAtom)
  if (!recorder || get(sendingBaseAtom)) return
  set(sendingBaseAtom, true)
  set(recorderBaseAtom, null)

  let wav: Uint8Array<ArrayBuffer>
  try {
    wav = (await recorder.stop()).wav
  } catch {
    set(resetAtom)
    notify.error('Error while stopping the recording feedback')
    return
  }

  let transcript: FeedbackTranscript
  try {
    transcript = await sendFeedbackAudio(wav)
    if (transcript.local) {
      set(resultBaseAtom, transcript)
      set(stepBaseAtom, 'local')
      set(sendingBaseAtom, false)
      void set(setVoiceMicMutedAtom, false)
      return
    }
    if (!transcript.text.trim()) throw new Error('empty transcription')
  } catch {
    set(resetAtom)
    notify.error(FEEDBACK_PROCESSING_ERROR, { durationMs: TOAST_MS.feedbackError })
    return
  }

  try {
    await confirmFeedback({
      feedback: transcript.text,
      selectedSequence: context?.selectedSequence ?? null,
      selectedVersion: context?.selectedVersion ?? null,
      lastConversation: get(includeConversationBaseAtom) ? (context?.conversation ?? '') : '',
    })
  } catch (error) {
    set(resetAtom)
    notify.error(`Error while sending feedback: ${isApiError(error) || error instanceof Error ? error.message : 'Unknown error'}`)
    return
  }

  set(resultBaseAtom, transcript)
  set(stepBaseAtom, 'thankyou')
  set(sendingBaseAtom, false)
  void set(setVoiceMicMutedAtom, false)
  notify.success('Feedback sent successfully!')
  setTimeout(() => {
    if (get(stepBaseAtom) === 'thankyou') set(stepBaseAtom, 'initial')
  }, THANK_YOU_MS)
})

/** Cancel Feedback: the recording is dropped, nothing is sent. */
export const cancelFeedbackAtom = atom(null, async (get, set) => {
  if (get(sendingBaseAtom)) return
  const recorder = get(recorderBaseAtom)
  set(resetAtom)
  await recorder?.cancel()
})

/** The thank-you (closed early) or the local result closed by the person. */
export const closeFeedbackAtom = atom(null, (get, set) => {
  const step = get(stepBaseAtom)
  if (step === 'thankyou' || step === 'local') set(stepBaseAtom, 'initial')
})
