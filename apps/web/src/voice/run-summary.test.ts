import { expect, test } from 'bun:test'

import { buildRunSummary, versionKey } from '@/voice/run-summary'

test('the run summary counts messages, prompts reached and never reached per version, tools, memory and mood', () => {
  const summary = buildRunSummary({
    items: [
      { id: '1', type: 'message', role: 'user', status: 'completed', text: 'Hi.' },
      { id: '2', type: 'message', role: 'assistant', status: 'completed', text: 'How are you?' },
      { id: '3', type: 'function_call', role: 'assistant', status: 'completed', text: '{}', name: 'change_prompt' },
      { id: '4', type: 'message', role: 'user', status: 'completed', text: 'Fine.' },
      { id: '5', type: 'message', role: 'assistant', status: 'incomplete', text: 'Good to' },
    ],
    path: [
      { module: 'default_Check In', version: 1, prompt: 'check_in', cause: 'start', atMs: 0 },
      { module: 'default_Check In', version: 1, prompt: 'reflection', cause: 'change_prompt', atMs: 5_000 },
      { module: 'Get to Know You', version: 2, prompt: 'welcome', cause: 'change_module', atMs: 9_000 },
    ],
    tools: [
      { callId: 'a', name: 'set_memory', arguments: '{}', ok: true, atMs: 1 },
      { callId: 'b', name: 'change_prompt', arguments: '{}', ok: true, atMs: 2 },
      { callId: 'c', name: 'change_prompt', arguments: '{}', ok: false, error: 'Prompt name not found', atMs: 3 },
    ],
    memory: { typed_note: 'fine' },
    mood: { calm: 2 },
    promptsByVersion: { [versionKey('default_Check In', 1)]: ['check_in', 'reflection'] },
    latency: { count: 2, p50Ms: 412.4, p95Ms: 655.6 },
    turnTaking: { turns: 4, cutOffs: 1, prematureCommits: 0, deadAirs: 2, selfInterruptions: 0 },
    startedAtMs: Date.UTC(2025, 0, 2, 10, 0, 0),
    endedAtMs: Date.UTC(2025, 0, 2, 10, 0, 42),
    endedBy: 'limit',
  })
  expect(summary).toMatchObject({
    startedAt: '2025-01-02T10:00:00.000Z',
    durationS: 42,
    endedBy: 'limit',
    messages: { total: 4, user: 2, assistant: 2 },
    sequences: [
      { module: 'default_Check In', version: 1, reached: ['check_in', 'reflection'], neverReached: [] },
      // Prompts of a version that was not loaded are unknown, not "all reached".
      { module: 'Get to Know You', version: 2, reached: ['welcome'], neverReached: null },
    ],
    tools: [
      { name: 'set_memory', calls: 1, failed: 0 },
      { name: 'change_prompt', calls: 2, failed: 1 },
    ],
    memory: { typed_note: 'fine' },
    mood: { calm: 2 },
    turnLatencyMs: { count: 2, p50: 412, p95: 656 },
    turnTaking: {
      turns: 4,
      cutOffs: 1,
      prematureCommits: 0,
      deadAirs: 2,
      selfInterruptions: 0,
      rates: { cutOff: 0.25, prematureCommit: 0, deadAir: 0.5, selfInterruption: 0 },
    },
  })
  expect(summary.path.map((step) => `${step.prompt} via ${step.via}`)).toEqual([
    'check_in via start',
    'reflection via change_prompt',
    'welcome via change_module',
  ])
})
