// "Run the same cases on version N" (PRODUCT §10 Compare): starts a run of another version with the first run's
// cases and repeats, then opens the comparison, which follows both runs until they are done.
import { useEffect, useId, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Play } from 'lucide-react'

import { Button } from '@hearth/ui/components/button'
import { Label } from '@hearth/ui/components/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@hearth/ui/components/select'

import { type RunDetail, startRun } from '@/features/testing/runs-api'
import { errorMessage, isAbortError } from '@/lib/http'
import { notify } from '@/lib/notify'
import { fetchModuleVersions } from '@/voice/staff-api'

/** The repeats to ask for: the first run's, when all its cases share one count (else each case keeps its own). */
export function sameCasesRequest(run: RunDetail, version: number) {
  const repeats = new Set(run.cases.map((c) => c.repeats))
  return {
    sequence: run.sequence,
    version,
    caseIds: run.cases.map((c) => c.caseId),
    ...(repeats.size === 1 ? { repeats: [...repeats][0] } : {}),
  }
}

export function SameCasesRun({ run }: { run: RunDetail }) {
  const navigate = useNavigate()
  const id = useId()
  const [versions, setVersions] = useState<number[] | null>(null)
  const [version, setVersion] = useState<number | undefined>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    fetchModuleVersions(run.sequence, { signal: controller.signal }).then(
      (list) => {
        const others = list.map((v) => v.version).filter((v) => v !== run.version)
        setVersions(others)
        setVersion(others.at(-1))
      },
      (error: unknown) => {
        if (!isAbortError(error)) setVersions([])
      },
    )
    return () => controller.abort()
  }, [run.sequence, run.version])

  const start = async () => {
    if (version === undefined) return
    setBusy(true)
    try {
      const { runId } = await startRun(sameCasesRequest(run, version))
      notify.success(`Run of version ${version} started`)
      await navigate({ to: '/testing/compare', search: { a: run.runId, b: runId } })
    } catch (error) {
      notify.error('The run could not start', { description: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <div className="grid gap-1.5">
        <Label htmlFor={id}>Other version</Label>
        <Select
          value={version === undefined ? '' : String(version)}
          onValueChange={(v) => setVersion(Number(v))}
          disabled={!versions?.length}
        >
          <SelectTrigger id={id} className="min-w-28">
            <SelectValue placeholder={versions === null ? 'Loading…' : 'No other version'}>
              {version === undefined ? undefined : `v${version}`}
            </SelectValue>
          </SelectTrigger>
          <SelectContent>
            {(versions ?? []).map((v) => (
              <SelectItem key={v} value={String(v)}>
                v{v}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <Button variant="outline" onClick={start} disabled={version === undefined || busy} aria-busy={busy}>
        <Play aria-hidden />
        {version === undefined ? 'Run the same cases on another version' : `Run the same cases on version ${version}`}
      </Button>
    </div>
  )
}
