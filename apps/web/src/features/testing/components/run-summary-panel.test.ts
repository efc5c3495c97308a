import { expect, test } from 'bun:test'

import { turnTakingSentence } from '@/features/testing/components/run-summary-panel'

test("the testing run summary's sentence", () => {
  const none = { turns: 0, cutOffs: 0, prematureCommits: 0, deadAirs: 0, selfInterruptions: 0 }
  expect(turnTakingSentence({ ...none, rates: { cutOff: 0, prematureCommit: 0, deadAir: 0, selfInterruption: 0 } })).toBe(
    'Turn-taking: no turn measured.',
  )
  expect(
    turnTakingSentence({ ...none, turns: 3, deadAirs: 1, rates: { cutOff: 0, prematureCommit: 0, deadAir: 1 / 3, selfInterruption: 0 } }),
  ).toBe('Turn-taking over 3 turns: cut-offs 0%, premature 0%, dead air 33%, self-interruptions 0%.')
})
