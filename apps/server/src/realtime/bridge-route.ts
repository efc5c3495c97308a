import type { Config } from '../config';
import type { AppDeps } from '../deps';
import { log } from '../log';
import { BRIDGE_HEADER, BRIDGE_RESUME_HEADER, signBridge, verifyBridge, type BridgeClaims } from './bridge-auth';
import { openBridge } from './bridge';
import { resumeSessionId } from './resume';
import type { Slot } from './slot';

/** How long the edge waits for the holder to take the page back before it falls back to 4005. */
const BRIDGE_OPEN_TIMEOUT_MS = 5_000;
/**
 * Under WORKERS the processes of one machine share its address, so a bridge may reach a sibling of the holder,
 * which says so (4005): it is tried again, each try a new connection the kernel spreads over the workers. With
 * 2 workers, 8 tries all miss 0.4 % of the time (then the page hears 4005 and tries again itself, as before).
 */
const BRIDGE_TRIES = 8;

export interface BridgeRequest {
  claims: BridgeClaims;
  token: string;
}

/**
 * The holder's check of `/internal/ws-bridge` (routes.ts): a well-signed, unexpired request for the session the
 * resume token names, or null: anything else (a request from outside, a forged or late one) is refused (403).
 */
export function bridgeRequest(config: Config, headers: Headers): BridgeRequest | null {
  const claims = verifyBridge(config, headers.get(BRIDGE_HEADER));
  const token = headers.get(BRIDGE_RESUME_HEADER);
  if (!claims || !token || resumeSessionId(token) !== claims.live) {
    log.warn('voice bridge refused: not signed by an instance', { signed: claims !== null });
    return null;
  }
  return { claims, token };
}

/**
 * The edge's side (issue 25 item 5): `slot`'s page asked to resume a session another instance holds, so a bridge
 * to that instance takes it there. True once the holder has it (events the page sent meanwhile follow, in order),
 * or when the page left meanwhile; false when no bridge could be made (BRIDGE=off, no address, refused,
 * unreachable): the caller then says 4005 as before.
 */
export async function bridgeTo(
  deps: AppDeps,
  slot: Slot,
  to: Omit<BridgeClaims, 'exp'> & { token: string; internalUrl: string | null },
): Promise<boolean> {
  if (!deps.config.bridge || !to.internalUrl) return false;
  const signature = signBridge(deps.config, { live: to.live, owner: to.owner, authSession: to.authSession });
  const started = performance.now();
  let bridge: Awaited<ReturnType<typeof openBridge>> = 'elsewhere';
  for (let tries = 0; bridge === 'elsewhere' && tries < BRIDGE_TRIES && !slot.closed; tries++) {
    bridge = await openBridge(slot, { internalUrl: to.internalUrl, signature, token: to.token, timeoutMs: BRIDGE_OPEN_TIMEOUT_MS });
  }
  if (bridge === null || bridge === 'elsewhere') return slot.closed;
  if (slot.closed) {
    bridge.clientClosed(slot, false);
    return true;
  }
  slot.session = bridge;
  for (const event of slot.pending.take()) bridge.onClientEvent(event);
  log.info('voice session bridged', { sessionId: to.live, edgeId: slot.id, ms: Math.round(performance.now() - started) });
  return true;
}
