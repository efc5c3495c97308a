import { describe, expect, test } from 'bun:test'

import { pollDelayMs } from '@/features/testing/runs/use-polling'
import { passRateText, progressPercent, progressText, providerLabel, thresholdText } from '@/features/testing/runs/run-text'

describe('run texts', () => {
  test('progress reads "12 of 60" and fills a bar in proportion', () => {
    expect(progressText({ done: 12, total: 60 })).toBe('12 of 60')
    expect(progressPercent({ done: 12, total: 60 })).toBe(20)
    expect(progressPercent({ done: 0, total: 0 })).toBe(100)
  })

  test('the local provider is named with its keyword judge', () => {
    expect(providerLabel('local', 'keywords')).toBe('Local provider — judged by keywords')
    // The runs list has no judge field: a local run is still judged by keywords.
    expect(providerLabel('local')).toBe('Local provider — judged by keywords')
    expect(providerLabel('openai', 'model')).toBe('OpenAI — judged by the model')
    expect(providerLabel('openai')).toBe('OpenAI')
  })

  test('pass rate and threshold over the repeats', () => {
    expect(passRateText(2, 3)).toBe('2 of 3 passed')
    expect(thresholdText(1, 3)).toBe('needs 3 of 3')
    expect(thresholdText(2 / 3, 3)).toBe('needs 2 of 3')
    expect(thresholdText(0.5, 3)).toBe('needs 2 of 3')
  })
})

describe('polling pace', () => {
  test('about once a second, backing off after failures in a row up to 30 s', () => {
    expect([0, 1, 2, 3, 5, 10].map((failures) => pollDelayMs(1000, failures))).toEqual([1000, 2000, 4000, 8000, 30_000, 30_000])
  })
})
