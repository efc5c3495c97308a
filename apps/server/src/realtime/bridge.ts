import { CLOSE_CODES, type BrowserEvent } from '@hearth/protocol';
import { log } from '../log';
import { BRIDGE_HEADER, BRIDGE_RESUME_HEADER } from './bridge-auth';
import { AppendFrame } from './fast-append';
import type { ClientChannel } from './session-types';
import type { Slot, SlotTarget } from './slot';

/**
 * The edge of a bridge (issue 25 item 5): a page reconnected here while another instance holds its session, so
 * this instance keeps the page-facing checks (Origin, sign-in, frame size, audio rate, event shapes) and pipes
 * the checked frames to the holder's `/internal/ws-bridge`, and the holder's frames back, unchanged. The holder
 * treats the bridge as the page's own reconnect, so limits, the upstream session and post-chat stay there.
 */

/** The path the holder serves bridges on. */
export const BRIDGE_PATH = '/internal/ws-bridge';
/** The page's own "I dropped" close (web: PAGE_DROPPED_CODE): the holder then waits its grace for a reconnect. */
const DROPPED = 4100;
/** Close codes a server may not send on (no code, abnormal, TLS): the page is told the server went away instead. */
const UNSENDABLE = new Set([1005, 1006, 1015]);

export class Bridge implements SlotTarget {
  private closed = false;

  constructor(private readonly ws: WebSocket) {}

  onClientEvent(event: BrowserEvent) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(event instanceof AppendFrame ? event.frame : JSON.stringify(event));
  }

  /** The hot path: the page's frame as it came (already checked here), one more hop. */
  appendAudio(frame: string) {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(frame);
  }

  /** The page left: deliberately (the session ends on the holder) or dropped (the holder waits for it). */
  clientClosed(_channel: ClientChannel, deliberate: boolean) {
    if (this.closed) return; // the first word counts (a stopping edge says "dropped" before it closes the page)
    this.closed = true;
    this.ws.close(deliberate ? CLOSE_CODES.normal : DROPPED, deliberate ? 'Page closed' : 'Page dropped');
  }
}

/**
 * Opens a bridge for `page` to the holder at `internalUrl`. Resolves once the holder has taken the page back (its
 * first frame, `hearth.resumed`, is already on its way to the page); 'elsewhere' when the instance that answered
 * does not hold it (under WORKERS the workers of one machine share its address: routes.ts tries again); null when
 * it could not: unreachable, refused, or silent for `timeoutMs`. The caller then falls back (4005).
 */
export function openBridge(
  page: Slot,
  opts: { internalUrl: string; signature: string; token: string; timeoutMs: number },
): Promise<Bridge | 'elsewhere' | null> {
  const url = `${opts.internalUrl.replace(/^http/, 'ws')}${BRIDGE_PATH}`;
  return new Promise((resolve) => {
    let bridge: Bridge | null = null;
    let ws: WebSocket;
    try {
      ws = new WebSocket(url, { headers: { [BRIDGE_HEADER]: opts.signature, [BRIDGE_RESUME_HEADER]: opts.token } } as unknown as string[]);
    } catch {
      return resolve(null);
    }
    const timer = setTimeout(() => {
      if (bridge) return;
      ws.close();
      resolve(null);
    }, opts.timeoutMs);
    ws.onmessage = (e) => {
      if (!bridge) {
        clearTimeout(timer);
        bridge = new Bridge(ws);
        resolve(bridge);
      }
      page.send(typeof e.data === 'string' ? e.data : String(e.data));
    };
    ws.onclose = (e) => {
      clearTimeout(timer);
      if (!bridge) {
        if (e.code === CLOSE_CODES.resumeElsewhere) return resolve('elsewhere');
        log.warn('voice bridge not opened', { sessionId: page.id, code: e.code });
        return resolve(null);
      }
      // The holder ended the session or went away: the page hears what the holder said (or "going away": drop).
      const lost = UNSENDABLE.has(e.code);
      page.close(lost ? CLOSE_CODES.goingAway : e.code, lost ? 'The server holding this session went away' : e.reason);
    };
  });
}
