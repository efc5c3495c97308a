import { FRAME_MS, FRAME_SAMPLES, type Eagerness, type TurnDetection } from '@hearth/protocol';
import { contourOf, endOfTurnWaitMs, VoicedLevels } from './semantic-vad';

/**
 * Energy-based voice-activity detection for the local provider, over 20 ms frames of 24 kHz PCM16. A frame
 * counts as speech when its RMS level reaches the threshold; speech starts at the first such frame and stops
 * once `silenceDurationMs` of frames below it have passed. Times are milliseconds of audio since the session's
 * first sample, as in the GA events (audio_start_ms includes prefix padding, audio_end_ms the silence).
 * With `eagerness` set (semantic VAD) the silence that ends a turn is not fixed: semantic-vad.ts picks it from the
 * energy contour before each pause, once, when the pause begins.
 */
export interface VadSettings {
  /** 0..1 as in GA server_vad; mapped linearly onto QUIETEST_DBFS..LOUDEST_DBFS. */
  threshold: number;
  prefixPaddingMs: number;
  silenceDurationMs: number;
  /** Semantic VAD (semantic-vad.ts): the wait after a pause follows the contour; silenceDurationMs is unused. */
  eagerness?: Eagerness;
}

export type VadEvent =
  | { type: 'speech_started'; audioStartMs: number; speechStartMs: number }
  | { type: 'speech_stopped'; audioEndMs: number; speechStartMs: number; speechEndMs: number };

/** threshold 0 hears a whisper in a quiet room; 1 needs a shout close to the microphone. */
export const QUIETEST_DBFS = -70;
export const LOUDEST_DBFS = -10;

export function thresholdToDbfs(threshold: number): number {
  const t = Math.min(1, Math.max(0, threshold));
  return QUIETEST_DBFS + (LOUDEST_DBFS - QUIETEST_DBFS) * t;
}

/** RMS level of PCM16 samples in dB relative to full scale (-Infinity for digital silence). */
export function rmsDbfs(samples: Int16Array, start = 0, end = samples.length): number {
  let sum = 0;
  for (let i = start; i < end; i++) {
    const s = samples[i] / 32768;
    sum += s * s;
  }
  const count = end - start;
  return count > 0 ? 10 * Math.log10(sum / count) : -Infinity;
}

/** GA settings onto the detector's: semantic VAD has no threshold or padding to set, so it keeps the defaults. */
export function vadSettingsOf(turnDetection: TurnDetection | undefined): VadSettings {
  if (turnDetection?.type === 'semantic_vad') {
    return { threshold: 0.5, prefixPaddingMs: 0, silenceDurationMs: 0, eagerness: turnDetection.eagerness ?? 'auto' };
  }
  return {
    threshold: turnDetection?.threshold ?? 0.5,
    prefixPaddingMs: turnDetection?.prefix_padding_ms ?? 300,
    silenceDurationMs: turnDetection?.silence_duration_ms ?? 500,
  };
}

export class EnergyVad {
  private thresholdDbfs: number;
  private settings: VadSettings;
  /** Samples of the frame being filled; allocated once. */
  private readonly frame = new Int16Array(FRAME_SAMPLES);
  private frameFill = 0;
  private framesDone = 0;
  private speaking = false;
  private speechStartMs = 0;
  private lastVoicedEndMs = 0;
  /** The silence that ends the current pause's turn, decided when the pause began. */
  private pauseWaitMs = 0;
  private readonly levels = new VoicedLevels();
  /** audio_start_ms never reaches back before the last commit or clear. */
  private floorMs = 0;

  constructor(settings: VadSettings) {
    this.settings = settings;
    this.thresholdDbfs = thresholdToDbfs(settings.threshold);
  }

  configure(settings: VadSettings) {
    this.settings = settings;
    this.thresholdDbfs = thresholdToDbfs(settings.threshold);
    if (this.speaking && this.processedMs > this.lastVoicedEndMs) this.pauseWaitMs = this.waitMs();
  }

  get inSpeech(): boolean {
    return this.speaking;
  }

  /** Milliseconds of audio seen so far, counting only whole frames. */
  get processedMs(): number {
    return this.framesDone * FRAME_MS;
  }

  /** Audio before `ms` belongs to a committed or cleared buffer; a new turn cannot start before it. */
  resetFloor(ms: number) {
    this.floorMs = ms;
    this.speaking = false;
    this.levels.reset();
  }

  /** Feeds samples (any length); returns what happened in the frames they completed. */
  push(samples: Int16Array): VadEvent[] {
    const events: VadEvent[] = [];
    let offset = 0;
    while (offset < samples.length) {
      const take = Math.min(FRAME_SAMPLES - this.frameFill, samples.length - offset);
      this.frame.set(samples.subarray(offset, offset + take), this.frameFill);
      this.frameFill += take;
      offset += take;
      if (this.frameFill === FRAME_SAMPLES) {
        this.frameFill = 0;
        const dbfs = rmsDbfs(this.frame);
        const event = this.onFrame(dbfs >= this.thresholdDbfs, dbfs);
        if (event) events.push(event);
      }
    }
    return events;
  }

  private onFrame(voiced: boolean, dbfs: number): VadEvent | null {
    const startMs = this.framesDone * FRAME_MS;
    this.framesDone++;
    const endMs = startMs + FRAME_MS;
    if (voiced) {
      this.lastVoicedEndMs = endMs;
      this.levels.push(dbfs);
      if (this.speaking) return null;
      this.speaking = true;
      this.speechStartMs = startMs;
      const audioStartMs = Math.max(this.floorMs, startMs - this.settings.prefixPaddingMs);
      return { type: 'speech_started', audioStartMs, speechStartMs: startMs };
    }
    if (!this.speaking) return null;
    // The first quiet frame after speech: how long this pause must last to end the turn.
    if (startMs === this.lastVoicedEndMs) this.pauseWaitMs = this.waitMs();
    if (endMs - this.lastVoicedEndMs < this.pauseWaitMs) return null;
    this.speaking = false;
    this.levels.reset();
    // The turn is committed up to here; the next one's padding cannot reach back into it.
    this.floorMs = this.lastVoicedEndMs + this.pauseWaitMs;
    return {
      type: 'speech_stopped',
      audioEndMs: this.floorMs,
      speechStartMs: this.speechStartMs,
      speechEndMs: this.lastVoicedEndMs,
    };
  }

  private waitMs(): number {
    const { eagerness, silenceDurationMs } = this.settings;
    return eagerness ? endOfTurnWaitMs(contourOf(this.levels), eagerness) : silenceDurationMs;
  }
}
