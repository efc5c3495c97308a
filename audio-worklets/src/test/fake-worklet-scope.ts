// Just enough of AudioWorkletGlobalScope to construct our processors in bun test and call process() by hand.
// Messages are structured-cloned with their transfer lists, as a real port does, so a processor that reuses a
// transferred (detached) buffer shows up as empty frames. The audio clock (currentFrame, currentTime) advances
// by one block after each process() call, as the browser's rendering loop advances it.
import { RENDER_QUANTUM } from '@hearth/protocol/audio';

/** The processor's end of the port. `deliver` plays the main thread sending a message. */
export class FakeProcessorPort {
  readonly posted: unknown[] = [];
  onmessage: ((event: MessageEvent) => unknown) | null = null;

  postMessage(message: unknown, transfer: Transferable[] = []): void {
    this.posted.push(structuredClone(message, { transfer }));
  }

  deliver(message: unknown, transfer: Transferable[] = []): void {
    this.onmessage?.({ data: structuredClone(message, { transfer }) } as MessageEvent);
  }

  /** Removes and returns the posted messages of one type. */
  take<T = unknown>(type: string): T[] {
    const matching = this.posted.filter((m) => (m as { type?: unknown }).type === type) as T[];
    this.posted.splice(0, this.posted.length, ...this.posted.filter((m) => !matching.includes(m as T)));
    return matching;
  }

  start(): void {}
  close(): void {}
}

type ProcessorClass = new (
  options?: AudioWorkletNodeOptions,
) => AudioWorkletProcessor & {
  process(inputs: Float32Array[][], outputs: Float32Array[][], parameters: Record<string, Float32Array>): boolean;
};

export const registeredProcessors = new Map<string, ProcessorClass>();
let nextPort: unknown = null;

class FakeAudioWorkletProcessor {
  readonly port: unknown;
  constructor() {
    this.port = nextPort ?? new FakeProcessorPort();
    nextPort = null;
  }
}

Object.assign(globalThis, {
  AudioWorkletProcessor: FakeAudioWorkletProcessor,
  registerProcessor(name: string, processorClass: ProcessorClass) {
    if (registeredProcessors.has(name)) throw new Error(`A processor named '${name}' is already registered`);
    registeredProcessors.set(name, processorClass);
  },
  sampleRate: 24000,
  currentFrame: 0,
  currentTime: 0,
});

/** Sets the context's audio clock: the frame at which the next render quantum starts. */
function setCurrentFrame(frame: number): void {
  const scope = globalThis as unknown as { currentFrame: number; currentTime: number; sampleRate: number };
  scope.currentFrame = frame;
  scope.currentTime = frame / scope.sampleRate;
}

/**
 * Constructs a registered processor as the browser would in a context running at `rate`, with the audio clock
 * at frame 0. Pass `port` to wire it to something else than a FakeProcessorPort (e.g. one end of a real
 * MessageChannel).
 */
export function createProcessor<P extends object = FakeProcessorPort>(
  name: string,
  rate: number,
  options: { processorOptions?: unknown; port?: P } = {},
): { processor: InstanceType<ProcessorClass>; port: P } {
  const processorClass = registeredProcessors.get(name);
  if (!processorClass) throw new Error(`No processor named '${name}'; import its module first`);
  (globalThis as { sampleRate?: number }).sampleRate = rate;
  setCurrentFrame(0);
  nextPort = options.port ?? null;
  const processor = new processorClass({ processorOptions: options.processorOptions });
  const process = processor.process.bind(processor);
  processor.process = (inputs, outputs, parameters) => {
    const blockLength = outputs[0]?.[0]?.length ?? inputs[0]?.[0]?.length ?? RENDER_QUANTUM;
    try {
      return process(inputs, outputs, parameters);
    } finally {
      setCurrentFrame((globalThis as unknown as { currentFrame: number }).currentFrame + blockLength);
    }
  };
  return { processor, port: processor.port as unknown as P };
}
