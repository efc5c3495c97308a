// The parts of AudioWorkletGlobalScope our processors use. TypeScript's DOM lib describes the main thread only.

declare abstract class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor();
}

interface AudioWorkletProcessorConstructor {
  new (
    options: AudioWorkletNodeOptions,
  ): AudioWorkletProcessor & {
    process(inputs: Float32Array[][], outputs: Float32Array[][], parameters: Record<string, Float32Array>): boolean;
  };
}

declare function registerProcessor(name: string, processorCtor: AudioWorkletProcessorConstructor): void;

/** The AudioContext's sample rate, in the worklet scope. */
declare const sampleRate: number;
declare const currentFrame: number;
declare const currentTime: number;
