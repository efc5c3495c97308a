import { describe, expect, test } from 'bun:test';
import { checkClientEvent, checkTurnDetection } from './client-events';
import { applySessionUpdate, composeSession, initialSettings } from './session-config';

// Issue 23: what a page may send as turn detection, and what a session starts with and keeps.
const update = (turn_detection: unknown) => ({ type: 'session.update', session: { audio: { input: { turn_detection } } } });

describe('checkTurnDetection', () => {
  test('semantic VAD with any GA eagerness and its response flags; unknown fields are dropped', () => {
    for (const eagerness of ['low', 'medium', 'high', 'auto']) {
      expect(checkTurnDetection({ type: 'semantic_vad', eagerness })).toEqual({ type: 'semantic_vad', eagerness } as never);
    }
    expect(checkTurnDetection({ type: 'semantic_vad' })).toEqual({ type: 'semantic_vad' });
    expect(checkTurnDetection({ type: 'semantic_vad', eagerness: 'low', create_response: false, interrupt_response: true, x: 1 })).toEqual({
      type: 'semantic_vad',
      eagerness: 'low',
      create_response: false,
      interrupt_response: true,
    });
    expect(checkTurnDetection({ type: 'server_vad', silence_duration_ms: 300 })).toEqual({ type: 'server_vad', silence_duration_ms: 300 });
    expect(checkTurnDetection(null)).toBeNull();
  });

  test('a bad eagerness, flag or type is refused, from staff and members alike', () => {
    for (const bad of [
      { type: 'semantic_vad', eagerness: 'eager' },
      { type: 'semantic_vad', eagerness: 3 },
      { type: 'semantic_vad', interrupt_response: 'no' },
      { type: 'llm_vad' },
      'semantic_vad',
    ]) {
      expect(checkTurnDetection(bad)).toBeUndefined();
      for (const staff of [true, false])
        expect(checkClientEvent(update(bad), { staff })).toEqual({ ok: false, reason: 'Invalid turn_detection' });
    }
    expect(checkClientEvent(update({ type: 'semantic_vad', eagerness: 'high' }), { staff: true })).toMatchObject({ ok: true });
  });
});

describe('session settings', () => {
  test("a session starts with its sequence's detection: semantic takes only the eagerness, server keeps the page's", () => {
    const semantic = initialSettings('user', {}, { type: 'semantic_vad', eagerness: 'high' });
    expect(semantic.turnDetection).toEqual({ type: 'semantic_vad', eagerness: 'high' });
    expect(composeSession(semantic, 'x', 'whisper').audio?.input?.turn_detection).toEqual({ type: 'semantic_vad', eagerness: 'high' });
    expect(initialSettings('console', {}, { type: 'server_vad' }).turnDetection).toMatchObject({ silence_duration_ms: 200 });
    expect(initialSettings('user', {}, null).turnDetection).toMatchObject({ type: 'server_vad', silence_duration_ms: 500 });
  });

  test("staff pick the detector; a member switches only between manual turns and their session's own", () => {
    const staff = initialSettings('console', {}, { type: 'semantic_vad', eagerness: 'low' });
    const picked = {
      type: 'realtime' as const,
      audio: { input: { turn_detection: { type: 'server_vad' as const, silence_duration_ms: 800 } } },
    };
    expect(applySessionUpdate(staff, picked)).toEqual(picked);
    expect(staff.turnDetection).toEqual({ type: 'server_vad', silence_duration_ms: 800 });

    const member = initialSettings('user', {}, { type: 'semantic_vad', eagerness: 'low' });
    expect(applySessionUpdate(member, { audio: { input: { turn_detection: null } } }).audio?.input?.turn_detection).toBeNull();
    expect(member.turnDetection).toBeNull();
    const sent = applySessionUpdate(member, {
      audio: { input: { turn_detection: { type: 'semantic_vad', eagerness: 'high' } }, output: { voice: 'sage' } },
    });
    expect(sent).toEqual({ audio: { input: { turn_detection: { type: 'semantic_vad', eagerness: 'low' } }, output: { voice: 'sage' } } });
    expect(member.turnDetection).toEqual({ type: 'semantic_vad', eagerness: 'low' });
  });
});
