import type { BrowserEvent } from '@hearth/protocol';
import type { ClientChannel } from '../../realtime/session-types';
import type { TextAi } from '../../providers/text-ai';
import type { Line, TestRunAi } from './ai';

/**
 * The simulated member of a test run (PRODUCT §10): the ClientChannel of a real VoiceSession in place of a
 * browser. After each completed assistant turn (a response.done carrying a message; follow-ups after tool outputs
 * come from the session itself) it asks the text provider for the member's reply and types it. It records each
 * turn (text, active prompt, tool calls, latency), the prompt path and where the prompt changed, and ends the
 * session after `turnLimit` assistant messages.
 */

export interface ToolRecord {
  name: string;
  args: unknown;
  output: unknown;
}

export interface TurnRecord {
  turn: number;
  role: 'member' | 'assistant';
  text: string;
  prompt: string;
  tools: ToolRecord[];
  latencyMs: number | null;
}

/** A stretch of the conversation at one prompt: what the member said there and where it moved (turn: the next assistant turn). */
export interface Segment {
  prompt: string;
  memberLines: string[];
  movedTo: string | null;
  movedAfter: number | null;
  turn: number | null;
}

/** The session as the driver uses it: client events in, and the end. */
export interface DrivenSession {
  onClientEvent(event: BrowserEvent): void;
}

export interface DriverOptions {
  persona: string;
  turnLimit: number;
  seed: number;
  /** Appended to the member's first reply (the privacy canary). */
  canarySentence: string;
  text: TextAi;
  ai: Pick<TestRunAi, 'memberReply'>;
}

type Event = { type: string; [field: string]: any };

export class SimulatedMember implements ClientChannel {
  readonly transcript: TurnRecord[] = [];
  readonly segments: Segment[] = [];
  assistantTurns = 0;
  memberCostUsd = 0;
  endedByLimit = false;
  postChatStatus: string | null = null;
  /** The first failure of the member's own side (the text provider), if any. */
  error: string | null = null;
  private session: DrivenSession | null = null;
  private prompt = '';
  private tools: ToolRecord[] = [];
  private readonly pendingCalls = new Map<string, ToolRecord>();
  private assistantText = '';
  private sentAt: number | null = null;
  private latencyMs: number | null = null;
  private memberTurns = 0;
  private closed = false;

  constructor(private readonly opts: DriverOptions) {}

  attach(session: DrivenSession) {
    this.session = session;
  }

  get promptPath(): string[] {
    return this.segments.map((s) => s.prompt);
  }

  send(text: string): void {
    if (this.closed) return;
    let event: Event;
    try {
      event = JSON.parse(text);
    } catch {
      return;
    }
    this.onEvent(event);
  }

  close(): void {
    this.closed = true;
  }

  private onEvent(event: Event) {
    switch (event.type) {
      case 'hearth.session':
        if (this.segments.length === 0 && event.prompt) this.enter(String(event.prompt), null);
        return;
      case 'hearth.prompt_changed':
        return this.enter(String(event.prompt), this.assistantTurns + 1);
      case 'response.output_text.delta':
      case 'response.output_audio_transcript.delta':
        if (this.sentAt !== null && this.latencyMs === null) this.latencyMs = Math.round(performance.now() - this.sentAt);
        return;
      case 'response.output_text.done':
        this.assistantText = joinText(this.assistantText, String(event.text ?? ''));
        return;
      case 'response.output_audio_transcript.done':
        this.assistantText = joinText(this.assistantText, String(event.transcript ?? ''));
        return;
      case 'response.function_call_arguments.done': {
        const record: ToolRecord = { name: String(event.name ?? ''), args: parseJson(String(event.arguments ?? '')), output: null };
        this.tools.push(record);
        this.pendingCalls.set(String(event.call_id ?? ''), record);
        return;
      }
      case 'conversation.item.added': {
        const item = event.item as Event | undefined;
        if (item?.type !== 'function_call_output') return;
        const record = this.pendingCalls.get(String(item.call_id ?? ''));
        if (record) record.output = parseJson(String(item.output ?? ''));
        this.pendingCalls.delete(String(item.call_id ?? ''));
        return;
      }
      case 'response.done':
        return this.onResponseDone(event.response as Event | undefined);
      case 'error':
        // The provider went away: the conversation is cut short, so the attempt did not run (it is tried again).
        if ((event.error as Event | undefined)?.code === 'upstream_failed')
          this.error ??= `The realtime provider failed: ${String(event.error.message ?? '')}`;
        return;
      case 'hearth.post_chat':
        this.postChatStatus = String(event.status ?? '');
        return;
    }
  }

  private enter(prompt: string, turn: number | null) {
    const current = this.segments.at(-1);
    if (current) {
      if (current.prompt === prompt) return;
      current.movedTo = prompt;
      current.movedAfter = current.memberLines.length - 1;
      current.turn = turn;
    }
    this.prompt = prompt;
    this.segments.push({ prompt, memberLines: [], movedTo: null, movedAfter: null, turn: null });
  }

  private onResponseDone(response: Event | undefined) {
    const output = (response?.output as Event[] | undefined) ?? [];
    if (response?.status !== 'completed') return;
    // A response that called tools is followed by the one the session asks for with their outputs (a model may speak
    // and call in one response): the assistant's turn ends with that one, its words and calls counted together.
    if (output.some((item) => item.type === 'function_call')) return;
    const spoke = output.some((item) => item.type === 'message' && item.role === 'assistant') || this.assistantText !== '';
    if (!spoke) return;
    this.transcript.push({
      turn: ++this.assistantTurns,
      role: 'assistant',
      text: this.assistantText.trim(),
      prompt: this.prompt,
      tools: this.tools,
      latencyMs: this.latencyMs,
    });
    this.assistantText = '';
    this.tools = [];
    this.sentAt = null;
    this.latencyMs = null;
    if (this.assistantTurns >= this.opts.turnLimit) {
      this.endedByLimit = true;
      this.session?.onClientEvent({ type: 'hearth.end_session' });
      return;
    }
    void this.reply().catch((err) => {
      this.error = `The simulated member could not reply: ${(err as Error)?.message || 'unknown error'}`;
      this.session?.onClientEvent({ type: 'hearth.end_session' });
    });
  }

  private async reply() {
    const lines: Line[] = this.transcript.map((t) => ({ role: t.role, text: t.text }));
    const answer = await this.opts.ai.memberReply(this.opts.text, {
      persona: this.opts.persona,
      transcript: lines,
      seed: this.opts.seed + this.memberTurns,
    });
    if (this.closed) return;
    this.memberCostUsd += answer.costUsd;
    const first = this.memberTurns++ === 0;
    const text = first ? `${answer.text.trim()} ${this.opts.canarySentence}`.trim() : answer.text.trim() || '…';
    this.transcript.push({ turn: this.assistantTurns, role: 'member', text, prompt: this.prompt, tools: [], latencyMs: null });
    this.segments.at(-1)?.memberLines.push(text);
    this.sentAt = performance.now();
    this.session?.onClientEvent({
      type: 'conversation.item.create',
      item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] },
    });
    this.session?.onClientEvent({ type: 'response.create' });
  }
}

function joinText(a: string, b: string) {
  return a && b ? `${a} ${b}` : a || b;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
