// Turn-taking as a live page measures it (issue 23 §4): VoiceSession's TurnWatch feeding the shared meter from
// recorded relay events, the flags tied to the answering item, and the totals reported to the relay.
import { describe, expect, test } from 'bun:test'
import type { BrowserEvent } from '@hearth/protocol'

import { type SpeechTimeline, speechStartedAtMs } from '@/voice/self-interruption'
import { until, useFakeRelay } from '@/voice/session-test-kit'
import { speechStoppedAtMs } from '@/voice/turn-taking-feed'

const { fake, start } = useFakeRelay()

const delta = (itemId: string) =>
  fake.emit({ type: 'response.output_audio.delta', response_id: 'r', item_id: itemId, output_index: 0, content_index: 0, delta: 'AAAA' })
const reports = () =>
  fake.received.filter((event): event is Extract<BrowserEvent, { type: 'hearth.turn_taking' }> => event.type === 'hearth.turn_taking')
const totals = (turns: number, cutOffs = 0, prematureCommits = 0, deadAirs = 0, selfInterruptions = 0) => ({
  type: 'hearth.turn_taking',
  turns,
  cutOffs,
  prematureCommits,
  deadAirs,
  selfInterruptions,
})

describe('turn-taking on a live page', () => {
  test('dead air, a cut-off after a premature commit, and a typed turn made final at the end, each reported', async () => {
    const { session, audio, turnTaking } = start()
    await session.connect()
    // The greeting answers no turn of the member's.
    delta('item_hi')
    await until(() => audio.log.includes('append item_hi'))
    audio.started('item_hi', 1000) // a second before the member speaks: not an echo
    audio.ended('item_hi')

    // A spoken turn answered 1.6 s after the member stopped: dead air.
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'u1' })
    fake.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 900, item_id: 'u1' })
    fake.emit({ type: 'input_audio_buffer.committed', item_id: 'u1', previous_item_id: null })
    await Bun.sleep(1600)
    delta('item_a')
    await until(() => audio.log.includes('append item_a'))
    audio.started('item_a')
    expect(turnTaking).toEqual([]) // final once the answer has played
    audio.ended('item_a')
    expect(turnTaking).toHaveLength(1)
    expect(turnTaking[0]).toMatchObject({ index: 1, itemId: 'item_a', deadAir: true, cutOff: false, prematureCommit: false })
    expect(turnTaking[0]?.gapMs).toBeGreaterThanOrEqual(1500)
    await until(() => reports().length === 1)
    expect(reports()).toEqual([totals(1, 0, 0, 1) as never])

    // Committed, the member goes on at once, and the answer starts over them. (Not within 300 ms of the last answer
    // starting, which would be taken for its echo.)
    await Bun.sleep(320)
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 2000, item_id: 'u2' })
    fake.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 2900, item_id: 'u2' })
    fake.emit({ type: 'input_audio_buffer.committed', item_id: 'u2', previous_item_id: 'u1' })
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 3000, item_id: 'u3' })
    delta('item_b')
    await until(() => audio.log.includes('append item_b'))
    audio.started('item_b')
    audio.ended('item_b')
    expect(turnTaking[1]).toMatchObject({ index: 2, itemId: 'item_b', cutOff: true, prematureCommit: true, deadAir: false, gapMs: 0 })
    await until(() => reports().length === 2)
    expect(reports()[1]).toEqual(totals(2, 1, 1, 1) as never)

    // A typed turn whose answer is still playing when the conversation ends: final before hearth.end_session.
    fake.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 4000, item_id: 'u3' })
    session.sendUserText('Fine, thanks.')
    delta('item_c')
    await until(() => audio.log.includes('append item_c'))
    audio.started('item_c')
    await session.disconnect()
    expect(turnTaking[2]).toMatchObject({ index: 3, itemId: 'item_c', cutOff: false, prematureCommit: false, deadAir: false })
    const sent = fake.sentTypes()
    expect(sent.indexOf('hearth.turn_taking', sent.indexOf('response.create'))).toBeLessThan(sent.indexOf('hearth.end_session'))
    expect(reports().at(-1)).toEqual(totals(3, 1, 1, 1) as never)
  })

  test("the assistant's echo taken as speech: the turn made from it is a self-interruption", async () => {
    const { session, audio, turnTaking } = start()
    await session.connect()
    delta('item_a')
    await until(() => audio.log.includes('append item_a'))
    audio.started('item_a', 100)
    // Heard 100 ms after the assistant started: the echo (voice/self-interruption.ts), not the member.
    fake.emit({ type: 'input_audio_buffer.speech_started', audio_start_ms: 0, item_id: 'echo' })
    fake.emit({ type: 'input_audio_buffer.speech_stopped', audio_end_ms: 700, item_id: 'echo' })
    fake.emit({ type: 'input_audio_buffer.committed', item_id: 'echo', previous_item_id: null })
    delta('item_b')
    await until(() => audio.log.includes('append item_b'))
    audio.started('item_b')
    audio.ended('item_b')
    expect(turnTaking).toEqual([
      {
        index: 1,
        itemId: 'item_b',
        cutOff: false,
        prematureCommit: false,
        deadAir: false,
        selfInterrupted: true,
        gapMs: expect.any(Number),
      },
    ])
    await until(() => reports().length === 1)
    expect(reports()[0]).toEqual(totals(1, 0, 0, 0, 1) as never)
  })

  test('push-to-talk: the press and the release are the speech; pressing again cuts the answer and makes the turn final', async () => {
    const { session, audio, turnTaking } = start({ turnMode: 'manual' })
    await session.connect()
    await session.startTalking()
    await session.stopTalking()
    fake.emit({ type: 'input_audio_buffer.committed', item_id: 'u1', previous_item_id: null })
    delta('item_a')
    await until(() => audio.log.includes('append item_a'))
    audio.started('item_a')
    await Bun.sleep(350) // pressed again later than 300 ms after the commit: not premature
    await session.startTalking()
    expect(turnTaking).toMatchObject([{ index: 1, itemId: 'item_a', cutOff: false, prematureCommit: false, deadAir: false }])
  })
})

describe('speech on the page clock', () => {
  const timeline: SpeechTimeline = { audioMs: 5000, sentAtMs: 10_000 }
  test('speech stopped where audio_end_ms says, less the VAD silence; never later than now', () => {
    // 5000 ms of audio sent by 10 000 on the page's clock: audio at 4000 went out at 9000.
    expect(speechStoppedAtMs(20_000, 4500, 500, timeline)).toBe(9000)
    expect(speechStoppedAtMs(20_000, 4500, 0, timeline)).toBe(9500)
    expect(speechStoppedAtMs(9200, 4500, 0, timeline)).toBe(9200)
    expect(speechStoppedAtMs(9200, 4500, 0)).toBe(9200)
    // Started and stopped on the same timeline.
    expect(speechStartedAtMs(20_000, 1000, 300, timeline)).toBe(6300)
  })
})
