import { tfidfVectors } from '../../providers/tfidf';
import { balancedGroups } from './balance';

/**
 * The CPU-heavy half of assign-subgroups: member vectors and the balanced split. Seconds for a group of
 * thousands (12 s for 2,000 members in groups of 10, measured with bench:assign), so a large group is split in
 * a Bun Worker: the server's event loop, and the live voice sessions on it, keep their timing meanwhile.
 */
export type SplitInput =
  /** Vectors from the text provider (OpenAI embeddings). */
  | { vectors: number[][] }
  /** The local provider's embedding, TF-IDF over the batch (its `embed`), done here so it runs off the loop too. */
  | { texts: string[] };

export type WorkerRequest = { texts: string[]; size: number } | { flat: Float64Array; dims: number; size: number };
export type WorkerReply = { groups: number[][] } | { error: string };

/** Below this many members a worker's start-up costs more than the split. */
export const WORKER_MIN_MEMBERS = 100;

let forceInProcess = false;
/** For bench:assign's before/after comparison only. */
export function splitInProcess(flag: boolean) {
  forceInProcess = flag;
}

/** Lists of member indexes, one per subgroup, the same whichever thread computes them. */
export function splitNow(input: SplitInput, size: number): number[][] {
  return balancedGroups('vectors' in input ? input.vectors : tfidfVectors(input.texts), size);
}

export async function splitMembers(input: SplitInput, size: number, opts: { worker?: boolean } = {}): Promise<number[][]> {
  const count = 'vectors' in input ? input.vectors.length : input.texts.length;
  const useWorker = opts.worker ?? (!forceInProcess && count >= WORKER_MIN_MEMBERS);
  return useWorker ? splitInWorker(input, size) : splitNow(input, size);
}

function splitInWorker(input: SplitInput, size: number): Promise<number[][]> {
  let request: WorkerRequest;
  const transfer: Transferable[] = [];
  if ('vectors' in input) {
    // One transferred buffer instead of a structured clone of thousands of arrays (doubles stay exact).
    const dims = input.vectors[0]?.length ?? 0;
    const flat = new Float64Array(input.vectors.length * dims);
    input.vectors.forEach((v, i) => flat.set(v, i * dims));
    request = { flat, dims, size };
    transfer.push(flat.buffer);
  } else {
    request = { texts: input.texts, size };
  }
  const worker = new Worker(new URL('./assign-worker.ts', import.meta.url));
  return new Promise<number[][]>((resolve, reject) => {
    worker.onmessage = (event: MessageEvent<WorkerReply>) => {
      const reply = event.data;
      if ('groups' in reply) resolve(reply.groups);
      else reject(new Error(`Subgroup split failed: ${reply.error}`));
    };
    worker.onerror = (event) => reject(new Error(`Subgroup split failed: ${event.message}`));
    worker.postMessage(request, transfer);
  }).finally(() => worker.terminate());
}
