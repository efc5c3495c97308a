import type { PortLike } from './port-rpc.ts';

/** The part of an AudioWorkletNode the wrappers use, so they can be driven by a test double. */
export interface WorkletNodeLike {
  readonly port: PortLike;
  onprocessorerror: ((event: ErrorEvent) => unknown) | null;
  disconnect?(): void;
}

/** The error reported when a processor throws: its process() has stopped for good. */
export function processorError(processorName: string, event: ErrorEvent | Event): Error {
  const detail = 'message' in event && event.message ? `: ${event.message}` : '';
  return new Error(`Audio worklet '${processorName}' stopped after an error${detail}`);
}
