// PRODUCT §10 in the Prompt Manager: which version members get, who published it and when, and Publish for the
// version shown (publishing an older one rolls back).
import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'

import { Button } from '@hearth/ui/components/button'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { publishSequence, type SequenceStatus } from '@/features/prompt-manager/api'
import { PublishedBadge } from '@/features/prompt-manager/components/version-select'
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
}

export function PublishPanel({ sequence, title, version, status, dirty }: PublishPanelProps) {
  const router = useRouter()
  const [confirming, setConfirming] = useState(false)
  const isPublished = status.published === version
  const current = status.versions.find((v) => v.version === status.published)

  const publish = async () => {
    try {
      await publishSequence(sequence, version)
      notify.success(`Version ${version} published`)
      await router.invalidate({ sync: true })
    } catch (error) {
      notify.error('Error while publishing', { description: errorMessage(error) })
    }
  }

  return (
    <section
      aria-label="Publishing"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card px-4 py-3 shadow-xs"
    >
      <div className="grid min-w-0 gap-0.5">
        <h2 className="flex flex-wrap items-center gap-x-1 font-medium break-words">
          {title} v{version}
          {isPublished && <PublishedBadge />}
        </h2>
        <p className="text-sm text-muted-foreground break-words">{publishedLine(status.published, current)}</p>
      </div>
      <Button
        variant={isPublished ? 'outline' : 'default'}
        onClick={() => setConfirming(true)}
        disabled={isPublished || dirty}
        title={dirty ? 'Save your changes first' : isPublished ? 'Members already get this version' : undefined}
      >
        Publish
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Publish version ${version} of ${title}?`}
        description="Members will get it from their next chat."
        confirmLabel="Publish"
        onConfirm={publish}
      />
    </section>
  )
}

function publishedLine(published: number | null, current: SequenceStatus['versions'][number] | undefined) {
  if (published === null) return 'Not published: members do not see this sequence.'
  // No one: published by the seed of a new install or by the upgrade that brought publishing in.
  const by = current?.publishedBy ? `by ${current.publishedBy}` : 'automatically'
  const when = current?.publishedAt ? ` on ${formatDateTime(current.publishedAt)}` : ''
  return `Members get v${published}, published ${by}${when}.`
}
