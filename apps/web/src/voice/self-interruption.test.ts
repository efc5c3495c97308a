import { describe, expect, test } from 'bun:test'

import { SelfInterruptionDetector, speechStartedAtMs } from '@/voice/self-interruption'

describe('speechStartedAtMs', () => {
  test('from the audio sent, the prefix padding and when the latest frame went out', () => {
    // 10 s sent, the last frame at 50_000; speech at 9.5 s of audio (audio_start_ms 9.2 s + 300 ms padding).
    expect(speechStartedAtMs(50_200, 9_200, 300, { audioMs: 10_000, sentAtMs: 50_000 })).toBe(49_500)
    // The server's detection delay does not count: arriving later places it the same.
    expect(speechStartedAtMs(50_900, 9_200, 300, { audioMs: 10_000, sentAtMs: 50_000 })).toBe(49_500)
  })

  test('never later than now; the arrival time without a timeline', () => {
    expect(speechStartedAtMs(50_000, 9_900, 300, { audioMs: 10_000, sentAtMs: 50_400 })).toBe(50_000)
    expect(speechStartedAtMs(50_000, 9_200, 300)).toBe(50_000)
    expect(speechStartedAtMs(50_000, 9_200, 300, { audioMs: 10_000, sentAtMs: 0 })).toBe(50_000)
  })
})

describe('SelfInterruptionDetector', () => {
  test('speech within 300 ms of the assistant starting, three times, offers push-to-talk once', () => {
    const detector = new SelfInterruptionDetector()
    const offers: boolean[] = []
    for (const startMs of [1_000, 5_000, 9_000, 13_000]) {
      detector.playbackStarted(startMs)
      offers.push(detector.speechStarted(startMs + 120))
    }
    expect(offers).toEqual([false, false, true, false])
    expect(detector.count).toBe(4)
  })

  test('a person answering later, or talking before the assistant, is not an echo', () => {
    const detector = new SelfInterruptionDetector()
    for (const startMs of [1_000, 5_000, 9_000, 13_000]) {
      detector.playbackStarted(startMs)
      expect(detector.speechStarted(startMs + 301)).toBe(false)
    }
    detector.playbackStarted(20_000)
    expect(detector.speechStarted(19_950)).toBe(false)
    expect(detector.count).toBe(0)
  })

  test('one playback start counts once; speech with nothing playing counts nothing', () => {
    const detector = new SelfInterruptionDetector({ times: 2 })
    expect(detector.speechStarted(100)).toBe(false)
    detector.playbackStarted(1_000)
    expect(detector.speechStarted(1_100)).toBe(false)
    expect(detector.speechStarted(1_200)).toBe(false)
    expect(detector.count).toBe(1)
    detector.playbackStarted(2_000)
    expect(detector.speechStarted(2_000)).toBe(true)
  })

  test('the window and the count are settings; reset starts over', () => {
    const detector = new SelfInterruptionDetector({ windowMs: 500, times: 1 })
    detector.playbackStarted(0)
    expect(detector.speechStarted(450)).toBe(true)
    detector.reset()
    expect(detector.count).toBe(0)
    detector.playbackStarted(0)
    expect(detector.speechStarted(10)).toBe(true)
  })
})
