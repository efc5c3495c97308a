import type { BrowserEvent } from '@hearth/protocol';

/** Past this many waiting events, more are dropped (a browser that floods a session that is not ready yet). */
export const MAX_PENDING_EVENTS = 500;

/**
 * The one queue of client events that cannot go upstream yet: it starts with the socket (events sent while
 * admission asks the database and the module state loads) and is handed to the VoiceSession, which keeps
 * using it until its upstream is ready. Arrival order is kept.
 */
export class PendingEvents {
  private events: BrowserEvent[] = [];

  push(event: BrowserEvent) {
    if (this.events.length < MAX_PENDING_EVENTS) this.events.push(event);
  }

  /** Everything waiting, oldest first; the queue is empty afterwards. */
  take(): BrowserEvent[] {
    return this.events.splice(0);
  }
}
