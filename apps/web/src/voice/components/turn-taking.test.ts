import { expect, test } from 'bun:test'

import { turnTakingLabels } from '@/voice/components/turn-taking'

const turn = { index: 1, itemId: 'item_a', cutOff: false, prematureCommit: false, deadAir: false, selfInterrupted: false, gapMs: 400 }

test("a turn's flags in words, the dead air with its length", () => {
  expect(turnTakingLabels(turn)).toEqual([])
  expect(turnTakingLabels({ ...turn, cutOff: true, prematureCommit: true, gapMs: 0 })).toEqual(['cut off', 'premature'])
  expect(turnTakingLabels({ ...turn, deadAir: true, gapMs: 2149 })).toEqual(['dead air 2.1 s'])
  expect(turnTakingLabels({ ...turn, deadAir: true, gapMs: null, selfInterrupted: true })).toEqual(['dead air', 'self-interrupted'])
})
