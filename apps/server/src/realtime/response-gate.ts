/**
 * When the relay may ask the model for a response (SPEC §4): the results of tool calls get one new response,
 * once the response that called them is over and no other tool is still running. A requested response counts
 * as busy until the upstream creates it or answers with an error, so two never overlap ("conversation already
 * has an active response"). The browser's own response.create (a typed turn, a push-to-talk commit) waits for
 * an active response to be over, and one the upstream refused as overlapping is asked again then, instead of the
 * turn never being answered. The voice
 * session feeds it the upstream's events; it decides, the session sends.
 */
export class ResponseGate {
  /** The response the upstream is producing now, if any (a tool may cancel it). */
  activeId: string | null = null;
  private requested = false;
  private needed = false;
  private runningTools = 0;

  /** `create` sends `response.create` upstream; `closed` says the session is ending (nothing more is asked). */
  constructor(
    private readonly create: () => void,
    private readonly closed: () => boolean,
  ) {}

  /** A `response.create` went upstream (from the browser or the relay's greeting). */
  markRequested() {
    this.requested = true;
  }

  /** The browser asked for a response while busy: one is asked for once the current one is over. */
  deferred() {
    this.needed = true;
  }

  /** The upstream answered an error: a requested response will not come. */
  failed() {
    this.requested = false;
  }

  /**
   * An `error` from the upstream. Any error means a requested response will not come; a create refused because
   * one is still running (asked for just before it was created) is asked again once that one is over
   * ('deferred': nothing was lost).
   */
  upstreamError(code: string | undefined): 'deferred' | 'failed' {
    this.failed();
    queueMicrotask(() => this.maybeCreate());
    if (code !== 'conversation_already_has_active_response') return 'failed';
    this.deferred();
    return 'deferred';
  }

  created(id: string | null) {
    this.activeId = id;
    this.requested = false;
  }

  /** A response ended; the caller gives the same turn's tool calls a chance to start first. */
  done(id: unknown) {
    if (this.activeId === id) this.activeId = null;
  }

  toolStarted() {
    this.runningTools++;
  }

  /** A tool's output went upstream: the model should answer it. */
  toolAnswered() {
    this.needed = true;
  }

  toolEnded() {
    this.runningTools--;
    this.maybeCreate();
  }

  /** A response is asked for, running, owed (tool results) or a tool is still running. */
  get busy(): boolean {
    return this.activeId !== null || this.requested || this.needed || this.runningTools > 0;
  }

  /** The upstream session ended (upstream-line.ts): its response, and any asked for, will never come. */
  reset() {
    this.activeId = null;
    this.requested = false;
    this.needed = false;
  }

  /** One response is wanted unless one is already asked for (a renewed session finishing a cut answer). */
  askOnce() {
    if (!this.requested && !this.activeId) this.needed = true;
    this.maybeCreate();
  }

  maybeCreate() {
    if (!this.needed || this.runningTools > 0 || this.activeId || this.requested || this.closed()) return;
    this.needed = false;
    this.requested = true;
    this.create();
  }
}
