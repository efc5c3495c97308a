// Keeping a voice session's audio alive through what phones and headsets do to it (issue 10): Safari suspends
// or interrupts the AudioContext for a call, Siri or the lock screen, and a headset switching profile (AirPods
// going into call mode) is a new microphone, often at another sample rate.

/** The parts of an AudioContext the keeper uses ('interrupted' is Safari's state during a call or Siri). */
export interface ResumableContext extends EventTarget {
  readonly state: AudioContextState | 'interrupted'
  resume(): Promise<void>
}

/** Gestures that let a browser start audio again where resume() alone is refused. */
const GESTURES = ['pointerdown', 'keydown', 'touchend'] as const

/**
 * Resumes the context whenever the browser suspends or interrupts it: at once where that is allowed (the
 * interruption may have ended), else on the next gesture, and again when the page becomes visible. Returns the
 * function that stops watching.
 */
export function keepContextRunning(context: ResumableContext, page: EventTarget & { visibilityState?: string }): () => void {
  let waitingForGesture = false
  const stopped = () => context.state === 'suspended' || context.state === 'interrupted'
  const resume = () => {
    if (!stopped()) return
    context.resume().then(
      () => {
        if (!stopped()) stopWaitingForGesture()
      },
      () => undefined,
    )
    // resume() may also stay pending until the interruption ends; a gesture tries again meanwhile.
    waitForGesture()
  }
  const onGesture = () => resume()
  const waitForGesture = () => {
    if (waitingForGesture) return
    waitingForGesture = true
    for (const type of GESTURES) page.addEventListener(type, onGesture, { capture: true })
  }
  const stopWaitingForGesture = () => {
    if (!waitingForGesture) return
    waitingForGesture = false
    for (const type of GESTURES) page.removeEventListener(type, onGesture, { capture: true })
  }
  const onStateChange = () => (context.state === 'running' || context.state === 'closed' ? stopWaitingForGesture() : resume())
  const onVisible = () => {
    if (page.visibilityState !== 'hidden') resume()
  }
  context.addEventListener('statechange', onStateChange)
  page.addEventListener('visibilitychange', onVisible)
  return () => {
    context.removeEventListener('statechange', onStateChange)
    page.removeEventListener('visibilitychange', onVisible)
    stopWaitingForGesture()
  }
}

/** A burst of devicechange events (a headset connecting fires several) settles this long before we act. */
export const DEVICE_CHANGE_DEBOUNCE_MS = 500

/**
 * Calls `onChange` once a burst of `devicechange` events has been quiet for `debounceMs`. Returns the function
 * that stops watching (a change still pending is dropped).
 */
export function watchDevices(devices: EventTarget, onChange: () => void, debounceMs = DEVICE_CHANGE_DEBOUNCE_MS): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  const onDeviceChange = () => {
    if (timer) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      onChange()
    }, debounceMs)
  }
  devices.addEventListener('devicechange', onDeviceChange)
  return () => {
    devices.removeEventListener('devicechange', onDeviceChange)
    if (timer) clearTimeout(timer)
    timer = null
  }
}
