// The AudioContext of a voice session or a recording, on its own: pages create it inside the click (before the
// voice engine has downloaded), because browsers that only let a user gesture start audio (Safari) would leave
// a context made later suspended.
import { SAMPLE_RATE } from '@hearth/protocol/audio'

/** 24 kHz where the browser allows it; call it synchronously in the click handler. */
export function createAudioContext(): AudioContext {
  try {
    return new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'interactive' })
  } catch {
    // The capture and playback worklets resample when the context runs at the device rate (PRODUCT §4).
    return new AudioContext({ latencyHint: 'interactive' })
  }
}
