// Echo safety without headphones (issue 10): the strongest echo cancellation the browser offers, and the
// assistant's voice played where the browser's echo canceller can see it.

/**
 * `echoCancellation: "all"` (Media Capture Extensions: cancel every sound the device plays, not only the
 * remote WebRTC peers) where the browser knows the constraint; otherwise `true`. A browser whose WebIDL only
 * takes a boolean converts the string to `true`, so asking for "all" never turns cancellation off.
 */
export function echoCancellationConstraint(supported: MediaTrackSupportedConstraints | undefined): 'all' | true {
  return supported?.echoCancellation ? 'all' : true
}

/** The microphone constraints of a voice session. */
export function microphoneConstraints(supported: MediaTrackSupportedConstraints | undefined): MediaTrackConstraints {
  return {
    channelCount: 1,
    // MediaTrackConstraints is typed as boolean-only here; "all" is the newer ConstrainBooleanOrDOMString.
    echoCancellation: echoCancellationConstraint(supported) as unknown as boolean,
    noiseSuppression: true,
    autoGainControl: true,
  }
}

export interface Speaker {
  /** 'element': through an <audio> element the echo canceller hears; 'context': straight to the context. */
  readonly route: 'element' | 'context'
  close(): void
}

/**
 * Plays `node` through a MediaStreamAudioDestinationNode into an <audio> element: Chromium's echo canceller
 * takes its reference from media it plays, and a Web Audio destination is not always part of it. Where that
 * cannot start (no MediaStream destination, autoplay refused), `node` goes to the context's destination.
 */
export async function connectSpeaker(context: AudioContext, node: AudioNode): Promise<Speaker> {
  const direct = (): Speaker => {
    node.connect(context.destination)
    return { route: 'context', close: () => node.disconnect() }
  }
  if (typeof context.createMediaStreamDestination !== 'function' || typeof Audio === 'undefined') return direct()
  const destination = context.createMediaStreamDestination()
  const element = new Audio()
  element.autoplay = true
  element.srcObject = destination.stream
  node.connect(destination)
  try {
    await element.play()
  } catch {
    node.disconnect()
    element.srcObject = null
    return direct()
  }
  return {
    route: 'element',
    close: () => {
      node.disconnect()
      element.pause()
      element.srcObject = null
      for (const track of destination.stream.getTracks()) track.stop()
    },
  }
}
