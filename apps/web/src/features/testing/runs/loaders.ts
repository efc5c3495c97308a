// The run view's and compare's route loaders: read the runs, keep a failure (the screen says what failed and
// offers a retry) instead of throwing it to the router's error page.
import { fetchRunDetail, type RunDetail } from '@/features/testing/runs-api'
import { errorMessage, isAbortError } from '@/lib/http'

export type Loaded<T> = { ok: true; value: T } | { ok: false; error: string; status: number }

async function settle<T>(call: Promise<T>): Promise<Loaded<T>> {
  try {
    return { ok: true, value: await call }
  } catch (error) {
    if (isAbortError(error)) throw error
    const status = typeof error === 'object' && error && 'status' in error && typeof error.status === 'number' ? error.status : 0
    return { ok: false, error: errorMessage(error), status }
  }
}

export const loadRunView = (runId: string, signal: AbortSignal) => settle(fetchRunDetail(runId, { signal }))

export async function loadCompare(a: string | undefined, b: string | undefined, signal: AbortSignal) {
  const [runA, runB] = await Promise.all([
    a ? settle(fetchRunDetail(a, { signal })) : Promise.resolve(null),
    b ? settle(fetchRunDetail(b, { signal })) : Promise.resolve(null),
  ])
  return { runA, runB }
}

export type RunViewData = Loaded<RunDetail>
export type CompareData = Awaited<ReturnType<typeof loadCompare>>
