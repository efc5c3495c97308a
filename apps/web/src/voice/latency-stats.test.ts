import { describe, expect, test } from 'bun:test'

import { LatencyStats, quantile } from '@/voice/latency-stats'

describe('LatencyStats', () => {
  test('median, p95 and max of what was recorded; nothing recorded gives nulls', () => {
    const stats = new LatencyStats()
    expect(stats.summary()).toEqual({ count: 0, medianMs: null, p95Ms: null, maxMs: null })
    for (const ms of [5, 1, 3, 2, 4]) stats.record(ms)
    expect(stats.summary()).toEqual({ count: 5, medianMs: 3, p95Ms: 4.8, maxMs: 5 })
  })

  test('keeps only the latest samples once full, and ignores impossible ones', () => {
    const stats = new LatencyStats(3)
    for (const ms of [100, 100, 1, 2, 3, Number.NaN, -1]) stats.record(ms)
    expect(stats.summary()).toMatchObject({ count: 5, medianMs: 2, maxMs: 3 })
  })

  test('quantile interpolates between ranks', () => {
    expect(quantile([0, 10], 0.5)).toBe(5)
    expect(quantile([7], 0.95)).toBe(7)
  })
})
