import { randomUUID } from 'node:crypto';
import { CLOSE_CODES, type BrowserEvent } from '@hearth/protocol';
import { log } from '../log';
import { AUDIO_TOO_FAST, type AudioBudget } from './audio-budget';
import { AppendFrame } from './fast-append';
import type { GcPacer } from './gc-pacer';
import { PendingEvents } from './pending-events';
import type { ClientChannel } from './session-types';

/**
 * Where a socket's checked events go: the voice session held here (voice-session.ts), or, for a page that
 * reconnected to this instance while another holds its session, the bridge to that instance (bridge.ts).
 */
export interface SlotTarget {
  onClientEvent(event: BrowserEvent): void;
  appendAudio(frame: string, audio: string): void;
  clientClosed(channel: ClientChannel, deliberate: boolean): void;
}

/** One connection (a page's /ws, or a bridge from another instance); its target exists once the session does. */
export interface Slot {
  id: string;
  userId: string | null;
  session: SlotTarget | null;
  closed: boolean;
  /** Closed by the relay itself (a policy breach, an end): never a dropped network. */
  closedHere: boolean;
  /** Events sent before the session exists; the session takes this queue over (one queue, one bound). */
  pending: PendingEvents;
  /** The audio this socket may still send (audio-budget.ts). */
  audioBudget: AudioBudget;
  send(text: string): void;
  close(code: number, reason: string): void;
  /** A checked append frame (fast-append.ts): straight up once the session is ready, else queued like any event. */
  append(frame: string, audio: string): void;
}

interface RawSocket {
  send(text: string): unknown;
  close(code: number, reason: string): unknown;
}

export function newSlot(raw: RawSocket, init: { userId: string | null; audioBudget: AudioBudget; pacer: GcPacer }): Slot {
  const { pacer } = init;
  const slot: Slot = {
    id: randomUUID(),
    userId: init.userId,
    session: null,
    closed: false,
    closedHere: false,
    pending: new PendingEvents(),
    audioBudget: init.audioBudget,
    send(text) {
      if (slot.closed) return;
      pacer.frames++;
      raw.send(text);
    },
    close(code, reason) {
      if (slot.closed) return;
      slot.closed = true;
      slot.closedHere = true;
      raw.close(code, reason);
    },
    append(frame, audio) {
      if (slot.closed) return;
      if (!slot.audioBudget.take(audio.length)) return tooFast(slot);
      pacer.frames++;
      if (slot.session) slot.session.appendAudio(frame, audio);
      else slot.pending.push(new AppendFrame(audio, frame));
    },
  };
  return slot;
}

/** A frame's size without re-encoding audio (the hot path); other events are small or rare. */
export function frameBytes(message: unknown): number {
  if (typeof message === 'string') return Buffer.byteLength(message);
  if (message instanceof Uint8Array || message instanceof ArrayBuffer) return message.byteLength;
  const m = message as { type?: unknown; audio?: unknown };
  if (m && m.type === 'input_audio_buffer.append' && typeof m.audio === 'string') return m.audio.length + 64;
  return Buffer.byteLength(JSON.stringify(message) ?? '');
}

/** Audio past the budget (audio-budget.ts): the socket is closed, and the operators can see that it was. */
export function tooFast(slot: Slot) {
  log.warn('voice socket closed: audio faster than allowed', { sessionId: slot.id, userId: slot.userId });
  slot.close(CLOSE_CODES.policy, AUDIO_TOO_FAST);
}

/** A checked event goes to the session, or waits with the socket until the session exists. */
export function deliver(slot: Slot, event: BrowserEvent) {
  if (slot.closed) return;
  if (slot.session) slot.session.onClientEvent(event);
  else slot.pending.push(event);
}
