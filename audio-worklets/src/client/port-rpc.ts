import { EVENT_TIMEOUT_MS } from '@hearth/protocol/audio';
import type { ErrorReply, ReplyShape, RequestShape } from '../messages.ts';

/** The part of a MessagePort the client uses; a test can pass a plain object. */
export interface PortLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent) => unknown) | null;
}

type RequestOf<In> = Extract<In, RequestShape>;
type ReplyOf<Out, T> = Extract<Out, ReplyShape & { request: T }>;
/** What the processor says on its own: everything but replies and errors. */
export type EventOf<Out> = Exclude<Out, ReplyShape | ErrorReply>;

interface Pending {
  type: string;
  resolve: (reply: unknown) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/**
 * Typed request/response over a worklet node's port. Each request gets an id and a stored promise that the
 * matching reply resolves; no reply within `timeoutMs` rejects it. Other messages go to `onEvent`.
 */
export class PortRpc<In extends { type: string }, Out extends { type: string }> {
  private readonly port: PortLike;
  private readonly onEvent: (event: EventOf<Out>) => void;
  private readonly timeoutMs: number;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private closedError: Error | null = null;

  constructor(port: PortLike, onEvent: (event: EventOf<Out>) => void, timeoutMs: number = EVENT_TIMEOUT_MS) {
    this.port = port;
    this.onEvent = onEvent;
    this.timeoutMs = timeoutMs;
    port.onmessage = (event) => this.receive(event.data as Out);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  request<T extends RequestOf<In>['type']>(
    type: T,
    payload: Omit<Extract<In, { type: T }>, 'type' | 'id'>,
    transfer: Transferable[] = [],
  ): Promise<ReplyOf<Out, T>> {
    if (this.closedError) return Promise.reject(this.closedError);
    const id = this.nextId++;
    return new Promise<ReplyOf<Out, T>>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`Audio worklet did not answer '${type}' within ${this.timeoutMs} ms`));
      }, this.timeoutMs);
      this.pending.set(id, { type, resolve: resolve as (reply: unknown) => void, reject, timer });
      try {
        this.port.postMessage({ ...payload, type, id }, transfer);
      } catch (error) {
        this.settle(id)?.reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
  }

  /** A message that expects no answer. Ignored once closed. */
  send(message: Exclude<In, RequestShape>, transfer: Transferable[] = []): void {
    if (!this.closedError) this.port.postMessage(message, transfer);
  }

  /** Rejects every waiting request with `error` (e.g. the processor failed). */
  failAll(error: Error): void {
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(error);
  }

  /** Stops listening; waiting and later requests reject with `error`. */
  close(error: Error): void {
    this.closedError = error;
    this.failAll(error);
    this.port.onmessage = null;
  }

  private receive(message: Out): void {
    const { type } = message;
    if (type === 'reply' || type === 'error') {
      const { id } = message as unknown as ReplyShape | ErrorReply;
      const pending = this.settle(id);
      if (!pending) return;
      if (type === 'reply') pending.resolve(message);
      else pending.reject(new Error(`Audio worklet refused '${pending.type}': ${(message as unknown as ErrorReply).message}`));
      return;
    }
    this.onEvent(message as EventOf<Out>);
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    clearTimeout(pending.timer);
    return pending;
  }
}
