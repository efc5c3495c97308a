// The browser audio of a voice session: one AudioContext (24 kHz where the browser allows it), the microphone
// through the capture worklet, and the playback worklet to the speakers. No React, no jotai.
import { type AudioClockReading, readAudioClock, renderedAtMs } from '@hearth/worklets/client/audio-clock'
import { type CaptureCallbacks, type CaptureClient, createCaptureNode } from '@hearth/worklets/client/capture-client'
import { createPlaybackNode, type PlaybackCallbacks, type PlaybackClient } from '@hearth/worklets/client/playback-client'
import type { LevelMessage } from '@hearth/worklets/messages'

import { createAudioContext } from '@/voice/audio-context'
import { keepContextRunning, watchDevices } from '@/voice/device-recovery'
import { attachEchoRig, type EchoRig, echoRigSettings } from '@/voice/echo-rig'
import { connectSpeaker, microphoneConstraints, type Speaker } from '@/voice/echo-safety'
import { microphoneError } from '@/voice/errors'

export { createAudioContext } from '@/voice/audio-context'

export interface AudioEngine {
  readonly context: AudioContext
  /** The microphone now (replaceMicrophone swaps it). */
  readonly stream: MediaStream
  readonly capture: CaptureClient
  /** Absent for recording-only engines (spoken feedback). */
  readonly playback: PlaybackClient | null
  /** Where playback goes (voice/echo-safety.ts); null without playback. */
  readonly speakerRoute: Speaker['route'] | null
  /** Stops the microphone at once (the browser's recording indicator goes off). */
  stopMicrophone(): void
  /**
   * Feeds the capture worklet from `next` instead (another device, or the same one at another rate: the browser
   * converts it to the context's rate, the worklet from there to 24 kHz) and stops the old one. Throws
   * NotSupportedError where the browser cannot connect a stream at another rate (Firefox): the audio must then
   * be rebuilt on a context at the device's rate.
   */
  replaceMicrophone(next: MediaStream): void
  close(): Promise<void>
}

export interface AudioEngineOptions {
  capture: CaptureCallbacks
  /** Pass to get a playback node connected to the speakers. */
  playback?: PlaybackCallbacks
  timeoutMs?: number
}

export async function openMicrophone(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new Error('This browser cannot record audio here. Open the page over https in a current browser.')
  }
  try {
    return await navigator.mediaDevices.getUserMedia({
      audio: microphoneConstraints(navigator.mediaDevices.getSupportedConstraints?.()),
    })
  } catch (error) {
    throw microphoneError(error)
  }
}

/**
 * Wires microphone -> capture worklet and, if asked, playback worklet -> speakers on `context`. On failure
 * everything opened here is released; the context and stream stay the caller's to close.
 */
export async function startAudioEngine(context: AudioContext, stream: MediaStream, options: AudioEngineOptions): Promise<AudioEngine> {
  let capture: CaptureClient | null = null
  let playback: PlaybackClient | null = null
  let source: MediaStreamAudioSourceNode | null = null
  let speaker: Speaker | null = null
  let rig: EchoRig | null = null
  const rigSettings = options.playback ? echoRigSettings() : null
  try {
    const echoCancellation = rigSettings?.echoCancellation ?? true
    capture = await createCaptureNode(context, { ...options.capture, timeoutMs: options.timeoutMs, echoCancellation })
    if (options.playback) {
      playback = await createPlaybackNode(context, { ...options.playback, timeoutMs: options.timeoutMs })
      speaker = await connectSpeaker(context, playback.node)
      // The played samples, rendered in the same quantum, are the capture worklet's echo reference (input 1).
      playback.node.connect(capture.node, 0, 1)
      if (rigSettings) rig = attachEchoRig(context, playback.node, capture.node, rigSettings)
    }
    source = context.createMediaStreamSource(stream)
    source.connect(rig?.microphoneInput ?? capture.node)
    if (context.state !== 'running') await context.resume()
  } catch (error) {
    source?.disconnect()
    rig?.close()
    capture?.close()
    speaker?.close()
    playback?.close()
    throw error
  }

  const captureClient = capture
  const playbackClient = playback
  let sourceNode = source
  let currentStream = stream
  const speakerRoute = speaker
  const echoRig = rig
  const microphoneInput = rig?.microphoneInput ?? captureClient.node
  const stopMicrophone = () => {
    for (const track of currentStream.getTracks()) track.stop()
  }
  let closing: Promise<void> | null = null
  return {
    context,
    get stream() {
      return currentStream
    },
    capture: captureClient,
    playback: playbackClient,
    speakerRoute: speakerRoute?.route ?? null,
    stopMicrophone,
    replaceMicrophone(next) {
      const nextSource = context.createMediaStreamSource(next)
      nextSource.connect(microphoneInput)
      sourceNode.disconnect()
      stopMicrophone()
      sourceNode = nextSource
      currentStream = next
    },
    close() {
      closing ??= (async () => {
        stopMicrophone()
        sourceNode.disconnect()
        echoRig?.close()
        captureClient.close()
        speakerRoute?.close()
        playbackClient?.close()
        if (context.state !== 'closed') await context.close().catch(() => undefined)
      })()
      return closing
    },
  }
}

/**
 * Context, microphone and engine in the order browsers need. `context` should come from createAudioContext()
 * called synchronously in the user's click; on failure it is closed here. Use `engine.context` afterwards: it
 * is a new one where the browser could not record at 24 kHz.
 */
export async function openAudioEngine(context: AudioContext, options: AudioEngineOptions): Promise<AudioEngine> {
  let stream: MediaStream | null = null
  try {
    stream = await openMicrophone()
    try {
      return await startAudioEngine(context, stream, options)
    } catch (error) {
      // Firefox cannot connect a microphone to a context at another rate: fall back to the device rate.
      if (!(error instanceof DOMException && error.name === 'NotSupportedError')) throw error
      await context.close().catch(() => undefined)
      context = new AudioContext({ latencyHint: 'interactive' })
      return await startAudioEngine(context, stream, options)
    }
  } catch (error) {
    for (const track of stream?.getTracks() ?? []) track.stop()
    if (context.state !== 'closed') await context.close().catch(() => undefined)
    throw error
  }
}

/** Time from the worklet's output to the speaker, as far as the browser reports it. */
export function outputLatencyMs(context: AudioContext): number {
  const base = context.baseLatency || 0
  const output = 'outputLatency' in context ? context.outputLatency || 0 : 0
  return (base + output) * 1000
}

export interface VoiceAudioCallbacks {
  onInputLevel(level: LevelMessage): void
  onOutputLevel(level: LevelMessage): void
  /** The item's first sample left the playback worklet in the quantum at context time `startedAtS`. */
  onItemStarted(itemId: string, startedAtS: number): void
  onItemEnded(itemId: string, sampleCount: number): void
  onError(error: Error): void
  /**
   * The new microphone after a device change cannot join this context (another rate, Firefox): rebuild the
   * audio (openVoiceAudio again) while the conversation goes on.
   */
  onRebuildNeeded?(): void
}

/** What a voice session needs of the audio: the microphone in, the assistant out. */
export interface VoiceAudio {
  readonly capture: Pick<CaptureClient, 'setMuted' | 'routeFrames'>
  readonly playback: Pick<PlaybackClient, 'appendBase64' | 'endItem' | 'interrupt'>
  readonly sampleRate: number
  /** How the assistant is played (voice/echo-safety.ts). */
  readonly speakerRoute?: Speaker['route'] | null
  outputLatencyMs(): number
  /**
   * performance.now() time at which the worklets rendered the sample at context time `contextTimeS`, or null
   * while the audio clock cannot be read. Exact when asked within a device callback (~10 ms) of the event.
   */
  renderedAtMs(contextTimeS: number): number | null
  /**
   * The audio clock as renderedAtMs() uses it, with `callbackAtMs` on the shared monotonic clock
   * (performance.timeOrigin + performance.now() time), for a worker to place the worklets' stamps; a new object
   * each time, or null while it cannot be read.
   */
  clockReading(): AudioClockReading | null
  stopMicrophone(): void
  close(): Promise<void>
}

export type OpenVoiceAudio = (callbacks: VoiceAudioCallbacks, timeoutMs: number) => Promise<VoiceAudio>

/**
 * The browser's audio for a voice session, on `context` (made in the user's click; by default here, before the
 * first await).
 */
export async function openVoiceAudio(
  callbacks: VoiceAudioCallbacks,
  timeoutMs: number,
  context: AudioContext = createAudioContext(),
): Promise<VoiceAudio> {
  const engine = await openAudioEngine(context, {
    timeoutMs,
    capture: {
      // Frames go to the voice socket's worker (capture.routeFrames), not through here.
      onLevel: callbacks.onInputLevel,
      onError: callbacks.onError,
    },
    playback: {
      onLevel: callbacks.onOutputLevel,
      onItemStarted: callbacks.onItemStarted,
      onItemEnded: callbacks.onItemEnded,
      onError: callbacks.onError,
    },
  })
  const playback = engine.playback
  if (!playback) throw new Error('Audio playback could not start.')
  const stopKeeping = keepContextRunning(engine.context, document)
  const stopWatching = followMicrophone(engine, callbacks)
  const clock: AudioClockReading = { callbackAtMs: 0, renderedToS: 0, callbackS: 0, quantumS: 0 }
  return {
    capture: engine.capture,
    playback,
    sampleRate: engine.context.sampleRate,
    speakerRoute: engine.speakerRoute,
    outputLatencyMs: () => outputLatencyMs(engine.context),
    renderedAtMs: (contextTimeS) => {
      const reading = readAudioClock(engine.context, clock)
      return reading ? renderedAtMs(contextTimeS, reading) : null
    },
    clockReading: () => {
      const reading = readAudioClock(engine.context, { callbackAtMs: 0, renderedToS: 0, callbackS: 0, quantumS: 0 })
      if (reading) reading.callbackAtMs += performance.timeOrigin
      return reading
    },
    stopMicrophone: () => {
      stopWatching()
      engine.stopMicrophone()
    },
    close: () => {
      stopKeeping()
      stopWatching()
      return engine.close()
    },
  }
}

/**
 * A device change (AirPods into call mode, a headset plugged in) or the microphone track ending: the
 * microphone is opened again and swapped in, without ending the conversation. Returns the stop function.
 */
function followMicrophone(engine: AudioEngine, callbacks: VoiceAudioCallbacks): () => void {
  let stopped = false
  let reopening: Promise<void> | null = null
  const watchTrack = () => {
    for (const track of engine.stream.getAudioTracks()) track.addEventListener('ended', reopen, { once: true })
  }
  const swap = async () => {
    const next = await openMicrophone()
    if (stopped) {
      for (const track of next.getTracks()) track.stop()
      return
    }
    try {
      engine.replaceMicrophone(next)
    } catch (error) {
      for (const track of next.getTracks()) track.stop()
      if (error instanceof DOMException && error.name === 'NotSupportedError' && callbacks.onRebuildNeeded) {
        callbacks.onRebuildNeeded()
        return
      }
      throw error
    }
    watchTrack()
  }
  function reopen() {
    if (stopped || reopening) return
    reopening = swap()
      .catch((error: unknown) => callbacks.onError(error instanceof Error ? error : new Error(String(error))))
      .finally(() => {
        reopening = null
      })
  }
  watchTrack()
  const stopDevices = navigator.mediaDevices ? watchDevices(navigator.mediaDevices, reopen) : () => undefined
  return () => {
    stopped = true
    stopDevices()
  }
}
