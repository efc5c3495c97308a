// `bun run bench:echo` (issue 23 item 5): talking over speakers, measured in Chromium against the local provider
// with server VAD, through the rig of apps/web/src/voice/echo-rig.ts (the assistant's playback fed back into the
// capture input: 80 ms, -10 dB, 60 ms of reverb; ECHO_BENCH_PATH=1|2 for 40 ms/-6 dB or 150 ms/-20 dB/80 ms).
// With the capture worklet's echo canceller: self-interruptions over a scripted session where the assistant talks
// most of the time (ECHO_BENCH_MINUTES, 5), then 20 scripted barge-ins (ECHO_BENCH_BARGE_INS) with the delay from
// the member's first sample to speech_started; then the same rig without the canceller for a minute, for
// comparison. Printed, not asserted (wall-clock figures on a shared machine).
import { bargeIn, connectConsoleWithRig, keepAssistantTalking, RIG_PATHS, speechStartsSince } from '../fixtures/echo-rig.ts'
import { test } from '../fixtures/hearth.ts'
import { voice } from '../fixtures/voice-hook.ts'

const MINUTES = Number(process.env.ECHO_BENCH_MINUTES ?? 5)
const BARGE_INS = Number(process.env.ECHO_BENCH_BARGE_INS ?? 20)
const PATH = RIG_PATHS[Number(process.env.ECHO_BENCH_PATH ?? 0)]

test.describe.configure({ timeout: (MINUTES * 60 + BARGE_INS * 15 + 180) * 1000 })

test('echo bench: self-interruptions with and without the canceller, barge-ins and their delays', async ({
  browser,
  signInAsAdmin,
  page,
}) => {
  await signInAsAdmin()
  const storage = await page.context().storageState()

  const session = async (echoCancellation: boolean, minutes: number, bargeIns: number) => {
    const context = await browser.newContext({ storageState: storage, viewport: { width: 1366, height: 900 } })
    const rigPage = await context.newPage()
    await connectConsoleWithRig(rigPage, { ...PATH, echoCancellation, microphoneGain: 0 })
    const fromMs = Date.now()
    const playedBefore = (await voice(rigPage, 'stats'))?.samplesPlayed ?? 0
    const turns = await keepAssistantTalking(rigPage, minutes * 60_000)
    const echoStarts = await speechStartsSince(rigPage, fromMs)
    const selfInterruptions = echoStarts.length
    // When they came (s into the session): at the start, before the canceller converged, or later.
    const atS = echoStarts.map((atMs) => +((atMs - fromMs) / 1000).toFixed(1))
    const talkedMs = Date.now() - fromMs
    const playedMs = (((await voice(rigPage, 'stats'))?.samplesPlayed ?? 0) - playedBefore) / 24

    const delays: (number | null)[] = []
    for (let i = 0; i < bargeIns; i++) delays.push((await bargeIn(rigPage)).delayMs)
    await context.close()
    return { turns, talkedMs, playedMs, selfInterruptions, atS, delays }
  }

  const on = await session(true, MINUTES, BARGE_INS)
  const off = await session(false, 1, 0)
  const heard = on.delays.filter((d): d is number => d !== null)
  const sorted = [...heard].sort((a, b) => a - b)
  const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null
  console.log(
    [
      `[echo bench] rig: ${PATH.delayMs} ms, ${PATH.gainDb} dB, reverb ${PATH.reverbMs} ms; the fake microphone muted, every voice scripted`,
      `[echo bench] canceller on: ${on.selfInterruptions} self-interruptions in ${(on.talkedMs / 60_000).toFixed(1)} min of ${on.turns} spoken answers (assistant audio ${(on.playedMs / 60_000).toFixed(1)} min, ${Math.round((100 * on.playedMs) / on.talkedMs)}% of the time)${on.atS.length ? `, at ${on.atS.join(', ')} s` : ''}`,
      `[echo bench] canceller on: barge-ins heard ${heard.length} of ${on.delays.length}, within 300 ms ${heard.filter((d) => d <= 300).length}; delays (ms) median ${median}, max ${sorted.at(-1) ?? null}: ${on.delays.join(', ')}`,
      `[echo bench] canceller off: ${off.selfInterruptions} self-interruptions in ${(off.talkedMs / 60_000).toFixed(1)} min of ${off.turns} spoken answers (assistant audio ${(off.playedMs / 60_000).toFixed(1)} min)`,
    ].join('\n'),
  )
})
