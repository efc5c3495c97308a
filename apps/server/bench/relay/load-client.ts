import { join } from 'node:path';
import type { LoadRequest, LoadResult } from './load';
import { pinned } from './proc-stats';

/**
 * The parent's side of the load generator (relay/load.ts, its own process, spoken to over IPC), shared by
 * `bench:relay` and `bench:relay-soak`. A run tells its caller when the measured window opens and closes, and
 * the load generator waits for each hook to finish, so samples taken there bracket exactly the measured frames.
 */
type FromLoad = LoadResult | { type: 'ready' | 'measuring' | 'measured' };

export interface MeasuredWindow {
  measuring(): void | Promise<void>;
  measured(): void | Promise<void>;
}

export class LoadGenerator {
  private onMessage: (m: FromLoad) => void = () => {};

  private constructor(private readonly proc: Bun.Subprocess) {}

  static async start(): Promise<LoadGenerator> {
    let generator: LoadGenerator | undefined;
    const proc = Bun.spawn(pinned('outside', ['bun', join(import.meta.dir, 'load.ts')]), {
      stdout: 'inherit',
      stderr: 'inherit',
      ipc: (m: FromLoad) => generator?.onMessage(m),
    });
    generator = new LoadGenerator(proc);
    await new Promise<void>((resolve) => (generator.onMessage = (m) => m.type === 'ready' && resolve()));
    return generator;
  }

  run(request: Omit<LoadRequest, 'type'>, window: MeasuredWindow): Promise<LoadResult> {
    return new Promise((resolve) => {
      this.onMessage = async (m) => {
        if (m.type === 'measuring' || m.type === 'measured') {
          await window[m.type]();
          this.proc.send({ type: 'ack' });
        } else if (m.type === 'result') resolve(m);
      };
      this.proc.send({ type: 'run', ...request } satisfies LoadRequest);
    });
  }

  exit() {
    this.proc.send({ type: 'exit' });
  }
}
