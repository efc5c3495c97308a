// PRODUCT §10 in the Prompt Manager: which version members get, who published it and when, the version's last test
// run, and Publish for the version shown (publishing an older one rolls back). When the sequence requires tests and
// the gate is closed, the failing cases are listed and an admin may publish anyway (recorded as an override).
import { useState } from 'react'
import { Link, useRouter } from '@tanstack/react-router'

import { Button } from '@hearth/ui/components/button'
import { Label } from '@hearth/ui/components/label'
import { Switch } from '@hearth/ui/components/switch'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { gateFailing, publishSequence, setRequireTests, type SequenceStatus } from '@/features/prompt-manager/api'
import { TurnDetectionSetting } from '@/features/prompt-manager/components/turn-detection-setting'
import { PublishedBadge } from '@/features/prompt-manager/components/version-select'
import { WellbeingSetting } from '@/features/prompt-manager/components/wellbeing-setting'
import { errorMessage } from '@/lib/api'
import { formatDateTime } from '@/lib/dates'
import { notify } from '@/lib/notify'

type PublishPanelProps = {
  sequence: string
  title: string
  version: number
  status: SequenceStatus
  /** Unsaved edits: what would be published is not what the editor shows. */
  dirty: boolean
  /** Admins may publish past a closed test gate. */
  isAdmin: boolean
}

type VersionStatus = SequenceStatus['versions'][number]
type Publication = SequenceStatus['publications'][number]

export function PublishPanel({ sequence, title, version, status, dirty, isAdmin }: PublishPanelProps) {
  const router = useRouter()
  const [confirming, setConfirming] = useState<'publish' | 'force' | null>(null)
  // The failing cases of the last refused publish of this version (null: not refused).
  const [refused, setRefused] = useState<{ version: number; failing: string[]; message: string } | null>(null)
  const isPublished = status.published === version
  const current = status.versions.find((v) => v.version === status.published)
  const shown = status.versions.find((v) => v.version === version)
  const blocked = refused?.version === version ? refused : null

  const publish = async (force: boolean) => {
    try {
      await publishSequence(sequence, version, force)
      setRefused(null)
      notify.success(force ? `Version ${version} published past the test gate` : `Version ${version} published`)
      await router.invalidate({ sync: true })
    } catch (error) {
      const failing = gateFailing(error)
      if (failing) {
        setRefused({ version, failing, message: errorMessage(error) })
        notify.error('Tests must pass before publishing', { description: errorMessage(error) })
      } else {
        notify.error('Error while publishing', { description: errorMessage(error) })
      }
    }
  }

  return (
    <section aria-label="Publishing" className="grid gap-3 rounded-xl border bg-card px-4 py-3 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <h2 className="flex flex-wrap items-center gap-x-1 font-medium break-words">
            {title} v{version}
            {isPublished && <PublishedBadge />}
          </h2>
          <p className="text-sm text-muted-foreground break-words">
            {publishedLine(
              status.published,
              current,
              status.publications.find((p) => p.version === status.published),
            )}
          </p>
          <p className="text-sm break-words" data-testid="version-tests">
            <LastRunLine entry={shown} />
            {status.requireTests && <span className="text-muted-foreground"> · Publishing needs a run in which every case passed.</span>}
          </p>
        </div>
        <Button
          variant={isPublished ? 'outline' : 'default'}
          onClick={() => setConfirming('publish')}
          disabled={isPublished || dirty}
          title={dirty ? 'Save your changes first' : isPublished ? 'Members already get this version' : undefined}
        >
          Publish
        </Button>
      </div>
      {blocked && (
        <div
          role="alert"
          className="grid gap-2 rounded-lg border border-red-200 bg-red-50/60 px-3 py-2 text-sm dark:border-red-900 dark:bg-red-950/30"
        >
          <p>{blocked.message}</p>
          {blocked.failing.length > 0 && (
            <>
              <p className="font-medium">Failing cases:</p>
              <ul className="list-disc pl-5" aria-label="Failing cases">
                {blocked.failing.map((name) => (
                  <li key={name}>{name}</li>
                ))}
              </ul>
            </>
          )}
          {isAdmin && (
            <Button variant="destructive" size="sm" className="justify-self-start" onClick={() => setConfirming('force')}>
              Publish anyway
            </Button>
          )}
        </div>
      )}
      {isAdmin && <RequireTestsSwitch sequence={sequence} requireTests={status.requireTests} />}
      <TurnDetectionSetting sequence={sequence} turnDetection={status.turnDetection} isAdmin={isAdmin} />
      <WellbeingSetting sequence={sequence} wellbeing={status.wellbeing} isAdmin={isAdmin} />
      {status.versions.some((v) => v.lastRun) && (
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">Test runs by version</summary>
          <ul className="mt-1 grid gap-0.5 pl-4" aria-label="Last test run of each version">
            {status.versions.map((v) => (
              <li key={v.version}>
                v{v.version}: <LastRunLine entry={v} />
              </li>
            ))}
          </ul>
        </details>
      )}
      <ConfirmDialog
        open={confirming === 'publish'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Publish version ${version} of ${title}?`}
        description="Members will get it from their next chat."
        confirmLabel="Publish"
        onConfirm={() => publish(false)}
      />
      <ConfirmDialog
        open={confirming === 'force'}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={`Publish version ${version} of ${title} anyway?`}
        description="Its tests have not all passed. Members will get it from their next chat, and the override is recorded with your name."
        confirmLabel="Publish anyway"
        destructive
        onConfirm={() => publish(true)}
      />
    </section>
  )
}

/** "Tests: 3 passed · 1 failed" linking to the run, or that no run exists yet. */
function LastRunLine({ entry }: { entry: VersionStatus | undefined }) {
  const run = entry?.lastRun
  if (!run) return <span className="text-muted-foreground">Tests: no run yet</span>
  return (
    <Link to="/testing/runs/$runId" params={{ runId: run.runId }} className="underline underline-offset-4">
      Tests: {run.passed} passed · {run.failed} failed
    </Link>
  )
}

function publishedLine(published: number | null, current: VersionStatus | undefined, latest: Publication | undefined) {
  if (published === null) return 'Not published: members do not see this sequence.'
  // No one: published by the seed of a new install or by the upgrade that brought publishing in.
  const by = current?.publishedBy ? `by ${current.publishedBy}` : 'automatically'
  const when = current?.publishedAt ? ` on ${formatDateTime(current.publishedAt)}` : ''
  // The latest publish of the published version may have gone past the test gate (an admin's override).
  const overridden = latest?.forced ? ', overriding failing tests' : ''
  return `Members get v${published}, published ${by}${when}${overridden}.`
}

/** The gate setting (admins only; operators read it in the line above): publishing needs a run in which every case passed. */
function RequireTestsSwitch({ sequence, requireTests }: { sequence: string; requireTests: boolean }) {
  const router = useRouter()
  const [saving, setSaving] = useState(false)
  const change = async (next: boolean) => {
    setSaving(true)
    try {
      await setRequireTests(sequence, next)
      notify.success(next ? 'Publishing now needs passing tests' : 'Publishing no longer needs passing tests')
      await router.invalidate({ sync: true })
    } catch (error) {
      notify.error('Error while saving the setting', { description: errorMessage(error) })
    } finally {
      setSaving(false)
    }
  }
  return (
    <div className="flex items-center gap-2 text-sm">
      <Switch id="require-tests" checked={requireTests} disabled={saving} onCheckedChange={(next) => void change(next)} />
      <Label htmlFor="require-tests" className="font-normal">
        Require passing tests before publishing
      </Label>
    </div>
  )
}
