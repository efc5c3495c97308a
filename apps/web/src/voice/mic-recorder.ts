// Records the microphone into memory as 24 kHz PCM16 and hands it back as a WAV file (spoken feedback).
// Nothing is written anywhere: the samples live in this object until stop() or cancel().
import { FRAME_MS } from '@hearth/protocol/audio'
import type { LevelMessage } from '@hearth/worklets/messages'

import { type AudioEngine, createAudioContext, openAudioEngine } from '@/voice/audio-engine'
import { encodeWav } from '@/voice/wav'

/** Feedback longer than this is cut off (about 14 MB of audio, under the server's 25 MB upload limit). */
export const MAX_RECORDING_MS = 5 * 60 * 1000

export interface MicRecording {
  wav: Uint8Array<ArrayBuffer>
  durationMs: number
}

export interface MicRecorderOptions {
  onLevel?: (level: LevelMessage) => void
  /** The recording reached MAX_RECORDING_MS and stopped taking audio. */
  onLimit?: () => void
  /** Made in the user's click (voice/audio-context.ts) when this module is loaded after it; else made here. */
  context?: AudioContext
}

export class MicRecorder {
  private readonly chunks: Int16Array[] = []
  private engine: AudioEngine | null = null
  private full = false

  private constructor(private readonly options: MicRecorderOptions) {}

  /** Call from a click handler before anything else is awaited (the audio context is created at once). */
  static async start(options: MicRecorderOptions = {}): Promise<MicRecorder> {
    const recorder = new MicRecorder(options)
    recorder.engine = await openAudioEngine(options.context ?? createAudioContext(), {
      capture: {
        onFrame: (buffer) => recorder.keep(buffer),
        onLevel: options.onLevel,
      },
    })
    return recorder
  }

  get durationMs(): number {
    return this.chunks.length * FRAME_MS
  }

  async stop(): Promise<MicRecording> {
    await this.release()
    const recording = { wav: encodeWav(this.chunks), durationMs: this.durationMs }
    this.chunks.length = 0
    return recording
  }

  async cancel(): Promise<void> {
    await this.release()
    this.chunks.length = 0
  }

  private keep(buffer: ArrayBuffer): void {
    if (this.full) return
    // The frame's buffer goes back to the worklet after this callback: keep a copy.
    this.chunks.push(new Int16Array(buffer.slice(0)))
    if (this.durationMs >= MAX_RECORDING_MS) {
      this.full = true
      this.options.onLimit?.()
    }
  }

  private async release(): Promise<void> {
    const engine = this.engine
    this.engine = null
    await engine?.close()
  }
}
