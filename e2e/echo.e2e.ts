// Talking over speakers (issue 23 item 5) in Chromium against the local provider with server VAD: the rig of
// apps/web/src/voice/echo-rig.ts feeds the assistant's playback back into the capture input (80 ms, -10 dB, a
// 60 ms reverb). With the capture worklet's echo canceller the assistant does not interrupt itself while it talks
// for ~25 s, and the member speaking over it is still heard (barge-in); without the canceller the same rig makes
// the assistant cut itself off, which shows the rig works. The 5-minute version with 20 barge-ins and their
// delays is `bun run bench:echo`.
import { bargeIn, connectConsoleWithRig, keepAssistantTalking, RIG_PATHS, speechStartsSince } from './fixtures/echo-rig.ts'
import { expect, test } from './fixtures/hearth.ts'
import { voice } from './fixtures/voice-hook.ts'

test.describe('talking over speakers', () => {
  // One retry, for these two only: they time real audio against the echo canceller, and on a 2-core machine loaded
  // by other Chromium runs (the browser tests run as two runs side by side) the assistant now and then hears itself
  // (once in the greeting, once 8 s and once 19 s in; not on a quiet machine). The cause is open (issue 25's note);
  // a retry that passes is reported as flaky, not hidden.
  test.describe.configure({ timeout: 180_000, retries: 1 })
  test.use({ viewport: { width: 1366, height: 900 } })

  test('with the echo canceller the assistant does not interrupt itself, and the member still barges in', async ({
    page,
    signInAsAdmin,
    snapshot,
  }) => {
    await signInAsAdmin()
    await connectConsoleWithRig(page, { ...RIG_PATHS[0], echoCancellation: true, microphoneGain: 0 })
    const fromMs = Date.now()
    const turns = await keepAssistantTalking(page, 25_000)
    expect(turns).toBeGreaterThanOrEqual(3)
    // Its own voice, fed back at -10 dB, never reached the server's VAD as speech.
    expect(await speechStartsSince(page, fromMs)).toEqual([])
    expect(await voice(page, 'events')).not.toContain('client conversation.item.truncate')
    await snapshot('echo-console-1366')

    // The member speaking over the answer is heard while they speak, and the answer is cut off.
    for (let round = 0; round < 3; round++) {
      const truncatesBefore = (await voice(page, 'stats'))?.truncatesSent ?? 0
      const result = await bargeIn(page)
      console.log(`[echo] barge-in ${round + 1}: heard ${result.delayMs} ms after the member's first sample`)
      expect(result.overAssistant).toBe(true)
      expect(result.delayMs).not.toBeNull()
      expect((await voice(page, 'stats'))?.truncatesSent ?? 0).toBeGreaterThan(truncatesBefore)
    }
  })

  test('the same rig without the canceller: the assistant interrupts itself', async ({ page, signInAsAdmin }) => {
    await signInAsAdmin()
    await connectConsoleWithRig(page, { ...RIG_PATHS[0], echoCancellation: false, microphoneGain: 0 })
    const fromMs = Date.now()
    await keepAssistantTalking(page, 10_000)
    expect((await speechStartsSince(page, fromMs)).length).toBeGreaterThanOrEqual(1)
  })
})
