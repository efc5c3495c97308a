import {
  type LevelMessage,
  METER_PROCESSOR,
  type MeterInbound,
  type MeterOutbound,
  type MeterProcessorOptions,
} from '../messages.ts';
import { type LoadableContext, loadWorkletModule, workletUrl } from './load-module.ts';
import { PortRpc } from './port-rpc.ts';
import { processorError, type WorkletNodeLike } from './worklet-node.ts';

export interface MeterCallbacks {
  onLevel?: (level: LevelMessage) => void;
  onError?: (error: Error) => void;
  timeoutMs?: number;
}

/** Main-thread side of a meter node. */
export class MeterClient<N extends WorkletNodeLike = AudioWorkletNode> {
  readonly node: N;
  private readonly rpc: PortRpc<MeterInbound, MeterOutbound>;
  private closed = false;

  constructor(node: N, callbacks: MeterCallbacks = {}) {
    this.node = node;
    this.rpc = new PortRpc<MeterInbound, MeterOutbound>(
      node.port,
      (event) => callbacks.onLevel?.(event),
      callbacks.timeoutMs,
    );
    node.onprocessorerror = (event) => {
      const error = processorError(METER_PROCESSOR, event);
      this.rpc.failAll(error);
      callbacks.onError?.(error);
    };
  }

  /** A disabled meter posts nothing (e.g. while its panel is hidden). */
  async setEnabled(enabled: boolean): Promise<boolean> {
    return (await this.rpc.request('set-enabled', { enabled })).enabled;
  }

  close(): void {
    if (this.closed) return;
    this.rpc.send({ type: 'close' });
    this.closed = true;
    this.rpc.close(new Error('Audio meter is closed'));
    this.node.disconnect?.();
  }
}

export interface MeterNodeOptions extends MeterCallbacks, MeterProcessorOptions {
  moduleUrl?: string;
  /** Give the node an output that repeats its input, to insert it in a chain rather than tap a node. */
  passThrough?: boolean;
}

/** Loads the meter module if needed and creates its node; connect the node to measure to `client.node`. */
export async function createMeterNode(
  context: BaseAudioContext & LoadableContext,
  options: MeterNodeOptions = {},
): Promise<MeterClient> {
  const { moduleUrl = workletUrl('meter'), passThrough = false, onLevel, onError, timeoutMs, ...processorOptions } =
    options;
  await loadWorkletModule(context, moduleUrl);
  const node = new AudioWorkletNode(context, METER_PROCESSOR, {
    numberOfInputs: 1,
    numberOfOutputs: passThrough ? 1 : 0,
    processorOptions,
  });
  return new MeterClient(node, { onLevel, onError, timeoutMs });
}
