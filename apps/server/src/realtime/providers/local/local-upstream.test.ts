import { describe, expect, test } from 'bun:test';
import { SAMPLE_RATE } from '@hearth/protocol';
import { SEEDED_MODULES } from '@hearth/db/seed';
import { composeInstructions } from '../../../features/sequences/lookup';
import type { UpstreamEvent } from '../../upstream';
import { toolDefinitions } from '../../tools';
import { createLocalUpstream } from './local-upstream';
import { createRng } from './speech-synth';
import { moduleRequest, replyLine } from './replies';

type Timed = UpstreamEvent & { at: number };

const prompts = [
  { name: 'check_in', description: 'd', prompt: 'Ask how the person is doing today.', trigger_condition: 't', next_prompt: 'reflection' },
  { name: 'reflection', description: 'd', prompt: 'Ask what made them smile this week.', trigger_condition: 't', next_prompt: '' },
];
const instructionsFor = (index: number) =>
  composeInstructions({ globalPrompt: 'Be kind.', modulePrompt: 'A module.', prompt: prompts[index] });

function startLocal(opts: { turnDetection?: null; temperature?: number } = {}) {
  const events: Timed[] = [];
  const waiters: Array<{ test: (e: UpstreamEvent) => boolean; resolve: (e: Timed) => void }> = [];
  let opened!: () => void;
  const open = new Promise<void>((resolve) => (opened = resolve));
  const upstream = createLocalUpstream(
    {
      onOpen: () => opened(),
      onEvent: (event) => {
        const timed = { ...event, at: performance.now() };
        events.push(timed);
        for (const w of waiters.splice(0)) w.test(event) ? w.resolve(timed) : waiters.push(w);
      },
      onAudio: () => {
        throw new Error('the local provider has no upstream text to relay');
      },
      onFailure: () => {},
    },
    { seed: 7 },
  );
  upstream.send({
    type: 'session.update',
    session: {
      type: 'realtime',
      instructions: instructionsFor(0),
      tools: toolDefinitions('testing'),
      audio: opts.turnDetection === null ? { input: { turn_detection: null } } : undefined,
      temperature: opts.temperature,
    },
  });
  const waitFor = (type: string, match: (e: UpstreamEvent) => boolean = () => true, after = 0, timeoutMs = 15000) => {
    const test = (e: UpstreamEvent) => e.type === type && match(e);
    const seen = events.slice(after).find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise<Timed>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${type}`)), timeoutMs);
      waiters.push({ test, resolve: (e) => (clearTimeout(timer), resolve(e)) });
    });
  };
  const say = (text: string) =>
    upstream.send({ type: 'conversation.item.create', item: { type: 'message', role: 'user', content: [{ type: 'input_text', text }] } });
  return { upstream, events, open, waitFor, say };
}

const decodedMs = (events: UpstreamEvent[]) =>
  events
    .filter((e) => e.type === 'response.output_audio.delta')
    .reduce((ms, e) => ms + (Buffer.from(String(e.delta), 'base64').byteLength / 2 / SAMPLE_RATE) * 1000, 0);

/** 20 ms PCM16 frames: silence, tone, silence (lengths in ms), as base64 appends. */
function turnFrames(silenceMs: number, toneMs: number, afterMs: number): string[] {
  const frames: string[] = [];
  const total = silenceMs + toneMs + afterMs;
  for (let startMs = 0; startMs < total; startMs += 20) {
    const frame = new Int16Array(480);
    for (let i = 0; i < 480; i++) {
      const ms = startMs + (i * 1000) / SAMPLE_RATE;
      const tone = ms >= silenceMs && ms < silenceMs + toneMs ? 0.25 * Math.sin((2 * Math.PI * 200 * i) / SAMPLE_RATE) : 0;
      frame[i] = Math.round((tone + (Math.random() * 2 - 1) * 0.002) * 32767);
    }
    frames.push(Buffer.from(frame.buffer).toString('base64'));
  }
  return frames;
}

describe('local realtime provider', () => {
  test('answers at real-time pace with speech-like audio and a transcript built from the active prompt', async () => {
    const local = startLocal();
    await local.open;
    local.say('Hi.');
    local.upstream.send({ type: 'response.create' });
    const created = await local.waitFor('response.created');
    const done = await local.waitFor('response.done');
    const transcript = await local.waitFor('response.output_audio_transcript.done');
    expect(transcript.transcript).toContain('How are you doing today?');
    expect((done.response as any).status).toBe('completed');
    const audioMs = decodedMs(local.events);
    const firstDelta = local.events.find((e) => e.type === 'response.output_audio.delta')!;
    const wallMs = done.at - firstDelta.at;
    expect(audioMs).toBeGreaterThan(1000);
    // Audio runs at most one lead (60 ms) plus a timer tick ahead of the wall clock, and never behind it.
    expect(audioMs - wallMs).toBeGreaterThan(0);
    expect(audioMs - wallMs).toBeLessThan(150);
    expect(firstDelta.at - created.at).toBeLessThan(400);
    const deltas = local.events.filter((e) => e.type === 'response.output_audio.delta');
    expect(Buffer.from(String(deltas[1].delta), 'base64').byteLength).toBe(1920); // 40 ms chunks
    const words = local.events
      .filter((e) => e.type === 'response.output_audio_transcript.delta')
      .map((e) => e.delta)
      .join('');
    expect(words).toBe(String(transcript.transcript));
    local.upstream.close();
  });

  test('response.cancel stops the audio at once; a second cancel is the error SPEC says to ignore', async () => {
    const local = startLocal();
    await local.open;
    local.upstream.send({ type: 'response.create' });
    await local.waitFor('response.output_audio.delta');
    await Bun.sleep(300);
    const cancelAt = performance.now();
    local.upstream.send({ type: 'response.cancel' });
    const done = await local.waitFor('response.done');
    // At once: well before the rest of the answer (seconds of audio) would have played; loose for a loaded CI.
    expect(done.at - cancelAt).toBeLessThan(100);
    expect(done.response).toMatchObject({ status: 'cancelled', status_details: { type: 'cancelled', reason: 'client_cancelled' } });
    const audioCount = local.events.filter((e) => e.type === 'response.output_audio.delta').length;
    await Bun.sleep(150);
    expect(local.events.filter((e) => e.type === 'response.output_audio.delta').length).toBe(audioCount);
    expect(decodedMs(local.events)).toBeLessThan(600);
    local.upstream.send({ type: 'response.cancel' });
    expect(((await local.waitFor('error')).error as any).message).toBe('Cancellation failed: no active response found');
    local.upstream.close();
  });

  test('a spoken turn: VAD events, a placeholder transcript, then change_prompt to next_prompt', async () => {
    const local = startLocal();
    await local.open;
    local.upstream.send({ type: 'response.create' });
    await local.waitFor('response.output_audio.delta');
    // The person starts talking over the assistant: the response is cut (interrupt_response).
    for (const audio of turnFrames(300, 1400, 700)) local.upstream.send({ type: 'input_audio_buffer.append', audio });
    const started = await local.waitFor('input_audio_buffer.speech_started');
    expect(Math.abs(Number(started.audio_start_ms) - 0)).toBeLessThanOrEqual(20);
    expect(((await local.waitFor('response.done')).response as any).status_details.reason).toBe('turn_detected');
    const stopped = await local.waitFor('input_audio_buffer.speech_stopped');
    expect(Math.abs(Number(stopped.audio_end_ms) - 2200)).toBeLessThanOrEqual(20);
    expect((await local.waitFor('input_audio_buffer.committed')).item_id).toBe(started.item_id);
    const transcription = await local.waitFor('conversation.item.input_audio_transcription.completed');
    expect(transcription.transcript).toBe('[speech 1.4 s]');
    const call = await local.waitFor('response.function_call_arguments.done');
    expect(call).toMatchObject({ name: 'change_prompt', arguments: JSON.stringify({ prompt_name: 'reflection' }) });
    local.upstream.close();
  });

  test('typed text becomes set_memory typed_note (its keywords, never the sentence) and a mood score; after the tool outputs it speaks the new prompt', async () => {
    const local = startLocal();
    await local.open;
    local.upstream.send({ type: 'response.create' });
    await local.waitFor('response.output_audio.delta');
    local.upstream.send({ type: 'response.cancel' });
    await local.waitFor('response.done');
    const mark = local.events.length;
    local.say('I love gardening');
    local.upstream.send({ type: 'response.create' });
    const done = await local.waitFor('response.done', () => true, mark);
    const calls = (done.response as any).output.map((i: any) => [i.name, JSON.parse(i.arguments)]);
    expect(calls).toEqual([
      ['set_memory', { key: 'typed_note', value: 'gardening' }],
      ['set_mood_score', { key: 'tone of typed replies', value: 1 }],
      ['change_prompt', { prompt_name: 'reflection' }],
    ]);
    // What the relay does with the outputs: new instructions, outputs, one response.
    local.upstream.send({ type: 'session.update', session: { type: 'realtime', instructions: instructionsFor(1) } });
    for (const item of (done.response as any).output) {
      local.upstream.send({
        type: 'conversation.item.create',
        item: { type: 'function_call_output', call_id: item.call_id, output: '{"success":true}' },
      });
    }
    const next = local.events.length;
    local.upstream.send({ type: 'response.create' });
    const finished = await local.waitFor('response.output_audio_transcript.done', () => true, next);
    expect(finished.transcript).toContain('What made you smile this week?');
    expect(local.events.slice(next).some((e) => e.type === 'response.function_call_arguments.done')).toBe(false);
    local.upstream.close();
  });

  test('a prompt that asks for change_module by name: after the next turn it calls change_module instead of change_prompt', async () => {
    const local = startLocal();
    await local.open;
    const hop = {
      name: 'hop',
      description: 'd',
      prompt: 'Greet them, then call change_module with "Get to Know You".',
      trigger_condition: 't',
      next_prompt: 'reflection',
    };
    local.upstream.send({
      type: 'session.update',
      session: { type: 'realtime', instructions: composeInstructions({ globalPrompt: '', modulePrompt: 'M.', prompt: hop }) },
    });
    local.say('Hi.');
    local.upstream.send({ type: 'response.create' });
    await local.waitFor('response.done');
    const mark = local.events.length;
    local.say('Sounds good');
    local.upstream.send({ type: 'response.create' });
    const done = await local.waitFor('response.done', () => true, mark);
    expect((done.response as any).output.map((i: any) => [i.name, JSON.parse(i.arguments)])).toEqual([
      // Nothing worth keeping in "Sounds good" as memory, but its tone is scored; the module still changes.
      ['set_mood_score', { key: 'tone of typed replies', value: 1 }],
      ['change_module', { module_name: 'Get to Know You' }],
    ]);
    local.upstream.close();
  });

  test('typed turns walk the sequence only when they meet the trigger: a reply that does not stays, one that does moves on', async () => {
    const local = startLocal();
    await local.open;
    const welcome = SEEDED_MODULES['Get to Know You'].prompts[0]; // trigger: how they would like to be called
    local.upstream.send({
      type: 'session.update',
      session: { type: 'realtime', instructions: composeInstructions({ globalPrompt: '', modulePrompt: 'M.', prompt: welcome }) },
    });
    // Each turn's answer: its tool calls, or 'message' when it speaks (cut short, to keep the test quick).
    const turn = async (text: string) => {
      const mark = local.events.length;
      local.say(text);
      local.upstream.send({ type: 'response.create' });
      const first = await local.waitFor('response.output_item.added', () => true, mark);
      if ((first.item as any).type === 'message') local.upstream.send({ type: 'response.cancel' });
      const done = await local.waitFor('response.done', () => true, mark);
      return (done.response as any).output.map((i: any) => (i.type === 'function_call' ? [i.name, JSON.parse(i.arguments)] : i.type));
    };
    await turn('Hi.');
    // Nothing to keep, no mood, no name: it answers again at the same prompt.
    expect(await turn('Hmm, not sure.')).toEqual(['message']);
    expect(await turn('I am tired of gardening')).toEqual([
      ['set_memory', { key: 'typed_note', value: 'gardening, tired' }],
      ['set_mood_score', { key: 'tone of typed replies', value: -1 }],
    ]);
    expect(await turn('You can call me Maya.')).toEqual([
      ['set_memory', { key: 'typed_note', value: 'maya' }],
      ['change_prompt', { prompt_name: 'interests' }],
    ]);
    local.upstream.close();
  });

  test('moduleRequest reads the quoted module name after change_module, straight or curly quotes', () => {
    expect(moduleRequest('Then call change_module with "Get to Know You".')).toBe('Get to Know You');
    expect(moduleRequest('Use change_module to move to “default_Check In”')).toBe('default_Check In');
    expect(moduleRequest('Ask about "hobbies" and move on.')).toBeNull();
    expect(moduleRequest('call change_module when ready')).toBeNull();
  });

  test('manual turns: no VAD events, commit makes the user item and response.create answers it; an empty commit is an error', async () => {
    const local = startLocal({ turnDetection: null });
    await local.open;
    local.upstream.send({ type: 'input_audio_buffer.commit' });
    expect(((await local.waitFor('error')).error as any).code).toBe('input_audio_buffer_commit_empty');
    for (const audio of turnFrames(200, 800, 0)) local.upstream.send({ type: 'input_audio_buffer.append', audio });
    local.upstream.send({ type: 'input_audio_buffer.commit' });
    expect((await local.waitFor('conversation.item.input_audio_transcription.completed')).transcript).toBe('[speech 1.0 s]');
    expect(local.events.some((e) => e.type === 'input_audio_buffer.speech_started')).toBe(false);
    expect(local.events.some((e) => e.type === 'response.created')).toBe(false);
    // As with OpenAI, the client asks for the answer after committing.
    local.upstream.send({ type: 'response.create' });
    await local.waitFor('response.output_audio.delta');
    local.upstream.close();
  });

  test('truncate shortens the assistant item to what was heard; past the audio it is an error', async () => {
    const local = startLocal();
    await local.open;
    local.upstream.send({ type: 'response.create' });
    const added = await local.waitFor('response.output_item.added');
    const itemId = (added.item as any).id;
    await Bun.sleep(700);
    local.upstream.send({ type: 'response.cancel' });
    await local.waitFor('response.done');
    local.upstream.send({ type: 'conversation.item.truncate', item_id: itemId, content_index: 0, audio_end_ms: 300 });
    expect(await local.waitFor('conversation.item.truncated')).toMatchObject({ item_id: itemId, content_index: 0, audio_end_ms: 300 });
    local.upstream.send({ type: 'conversation.item.truncate', item_id: itemId, content_index: 0, audio_end_ms: 60_000 });
    expect(((await local.waitFor('error')).error as any).code).toBe('invalid_value');
    local.upstream.close();
  });

  test('temperature widens the wording: fixed at 0.6, varied at 1.2', () => {
    const prompt = { name: 'p', prompt: 'Ask about their week.', nextPrompt: '', trigger: '' };
    const lines = (temperature: number) => {
      const rng = createRng(3);
      return new Set(Array.from({ length: 12 }, () => replyLine(prompt, { turn: 2, temperature, rng })));
    };
    expect(lines(0.6).size).toBe(1);
    expect(lines(1.2).size).toBeGreaterThan(3);
    expect(replyLine(prompt, { turn: 0, temperature: 0.8, rng: createRng(1) })).toBe('Could you tell me about your week?');
  });
});
