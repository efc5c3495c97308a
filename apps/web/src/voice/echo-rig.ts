// A test rig for talking over speakers (issue 23): the assistant's playback is fed back into the capture input as
// laptop speakers and a room would (a delay, a loss, a short reverb), the microphone can be turned down, and a
// test can play the member's speech into the capture path at a known moment. Only a browser test can turn it on:
// it needs automation (navigator.webdriver) *and* `window.__hearthEchoRig` set before the page loads
// (Playwright's addInitScript); no setting or URL of the product does. No React, no jotai.

export interface EchoRigSettings {
  /** Speaker-to-microphone delay (ms), beyond the worklets' own. */
  delayMs: number
  /** Level of the echo relative to the played audio (dB, negative). */
  gainDb: number
  /** Length of the synthetic reverb tail (ms), decaying by 60 dB over it; 0 for none. */
  reverbMs: number
  /** Whether the capture worklet cancels the echo (the rig without it shows what the canceller prevents). */
  echoCancellation: boolean
  /** Gain on the real (fake-device) microphone: 0 keeps its looped phrase out, so every voice is scripted. */
  microphoneGain: number
}

/** What the page exposes for the test on `window.__hearthEchoRig` once the rig is attached. */
export interface EchoRigControl extends EchoRigSettings {
  /**
   * Plays `samples` (mono, at `rate`) into the capture path as the member speaking. Resolves with the
   * Date.now() time at which the first sample enters the capture worklet, and the phrase's length (ms).
   */
  speak?(samples: number[], rate: number): { startsAtMs: number; durationMs: number }
}

type RigWindow = { __hearthEchoRig?: EchoRigControl }

/** The rig's settings when a browser test asked for it, else null. */
export function echoRigSettings(): EchoRigSettings | null {
  if (typeof window === 'undefined' || typeof navigator === 'undefined' || !navigator.webdriver) return null
  const asked = (window as unknown as RigWindow).__hearthEchoRig
  if (!asked || typeof asked !== 'object') return null
  return {
    delayMs: Number(asked.delayMs) || 0,
    gainDb: Number(asked.gainDb) || 0,
    reverbMs: Number(asked.reverbMs) || 0,
    echoCancellation: asked.echoCancellation !== false,
    microphoneGain: asked.microphoneGain === undefined ? 1 : Number(asked.microphoneGain),
  }
}

export interface EchoRig {
  /** Connect the microphone source here instead of to the capture node. */
  readonly microphoneInput: AudioNode
  close(): void
}

/** Builds the speaker-room-microphone path from `playback` into `capture` (input 0). */
export function attachEchoRig(context: AudioContext, playback: AudioNode, capture: AudioNode, settings: EchoRigSettings): EchoRig {
  const delay = context.createDelay(1)
  delay.delayTime.value = settings.delayMs / 1000
  const loss = context.createGain()
  loss.gain.value = 10 ** (settings.gainDb / 20)
  const room = context.createConvolver()
  room.normalize = false
  room.buffer = roomImpulse(context, settings.reverbMs)
  playback.connect(delay)
  delay.connect(room)
  room.connect(loss)
  loss.connect(capture, 0, 0)
  const microphone = context.createGain()
  microphone.gain.value = settings.microphoneGain
  microphone.connect(capture, 0, 0)
  const member = context.createGain()
  member.connect(capture, 0, 0)

  const control = (window as unknown as RigWindow).__hearthEchoRig
  if (control) {
    control.speak = (samples, rate) => {
      const buffer = context.createBuffer(1, samples.length, rate)
      buffer.getChannelData(0).set(samples)
      const source = context.createBufferSource()
      source.buffer = buffer
      source.connect(member)
      // A little ahead, so the start is exact; currentTime is the quantum the audio thread renders next.
      const leadS = 0.05
      const startsAtMs = Date.now() + leadS * 1000
      source.start(context.currentTime + leadS)
      source.onended = () => source.disconnect()
      return { startsAtMs, durationMs: (samples.length / rate) * 1000 }
    }
  }
  return {
    microphoneInput: microphone,
    close: () => {
      playback.disconnect(delay)
      for (const node of [delay, room, loss, microphone, member]) node.disconnect()
      if (control) delete control.speak
    },
  }
}

/** A direct path and a tail of decaying noise, down 60 dB at `reverbMs`. */
function roomImpulse(context: AudioContext, reverbMs: number): AudioBuffer {
  const tail = Math.round((reverbMs / 1000) * context.sampleRate)
  const buffer = context.createBuffer(1, tail + 1, context.sampleRate)
  const samples = buffer.getChannelData(0)
  samples[0] = 1
  let seed = 7
  for (let i = 1; i <= tail; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648
    const noise = (seed / 2147483648) * 2 - 1
    samples[i] = 0.5 * 10 ** ((-3 * i) / tail) * noise
  }
  return buffer
}
