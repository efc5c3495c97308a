// Bun Worker entry: splits one group's members (split.ts) off the server's event loop, then is terminated.
import { splitNow, type WorkerReply, type WorkerRequest } from './split';

declare const self: Worker;

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const request = event.data;
  let reply: WorkerReply;
  try {
    if ('texts' in request) {
      reply = { groups: splitNow({ texts: request.texts }, request.size) };
    } else {
      const count = request.dims === 0 ? 0 : request.flat.length / request.dims;
      const vectors = Array.from({ length: count }, (_, i) => Array.from(request.flat.subarray(i * request.dims, (i + 1) * request.dims)));
      reply = { groups: splitNow({ vectors }, request.size) };
    }
  } catch (err) {
    reply = { error: (err as Error)?.name ?? 'Error' };
  }
  self.postMessage(reply);
};
