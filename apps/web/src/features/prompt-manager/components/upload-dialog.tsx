import { useEffect, useId, useMemo, useState } from 'react'

import { Button } from '@hearth/ui/components/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@hearth/ui/components/dialog'
import { Input } from '@hearth/ui/components/input'
import { Label } from '@hearth/ui/components/label'
import { lintText, lintVersion, type LintIssue } from '@hearth/protocol/sequence-lint'

import { uploadSequence, type UploadResult } from '@/features/prompt-manager/api'
import { LintPanel } from '@/features/prompt-manager/components/lint-panel'
import { displayName, uploadedVersions } from '@/features/prompt-manager/editor-text'

type UploadDialogProps = {
  file: File | null
  /** File names of the sequences that exist ("….json"). */
  existing: string[]
  onClose: () => void
  onUploaded: (result: UploadResult) => void
}

/** Shows what an upload will change (a new sequence, or new versions of one) and its checks before storing it. */
export function UploadDialog({ file, existing, onClose, onUploaded }: UploadDialogProps) {
  const nameId = useId()
  const [text, setText] = useState<string | null>(null)
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)

  useEffect(() => {
    setText(null)
    setFailure(null)
    if (!file) return
    setName(displayName(file.name))
    void file.text().then(setText, () => setText(''))
  }, [file])

  const check = useMemo(() => (text === null ? null : checkUpload(text)), [text])
  const target = existing.find((fileName) => displayName(fileName).toLowerCase() === name.trim().toLowerCase())
  const isGlobal = target === 'global_prompt.json'
  const blocked = !check || check.errors > 0 || !name.trim() || isGlobal || busy

  const upload = async () => {
    if (!file || blocked) return
    setBusy(true)
    setFailure(null)
    try {
      onUploaded(await uploadSequence(name.trim(), file))
    } catch (error) {
      // SPEC §8: an upload failure is logged; the dialog also says why, so the operator can fix the file.
      console.error('Sequence upload failed', error)
      setFailure(error instanceof Error ? error.message : 'Unknown error')
    } finally {
      setBusy(false)
    }
  }

  return (
    <Dialog open={file !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Upload Json</DialogTitle>
          <DialogDescription>{file ? `From ${file.name}` : 'Choose a .json file'}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={nameId}>Sequence name</Label>
          <Input id={nameId} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        {check && (
          <p className="rounded-md bg-secondary px-3 py-2 text-sm" role="status">
            {isGlobal
              ? 'global_prompt.json cannot be replaced by an upload.'
              : target
                ? `Adds ${plural(check.versionCount, 'new version')} to the existing sequence “${displayName(target)}”, numbered after its highest version. Nothing is overwritten.`
                : `Creates a new sequence “${name.trim() || '…'}” with ${plural(check.versionCount, 'version')}.`}
          </p>
        )}
        {check ? <LintPanel issues={check.issues} loaded /> : <p className="text-sm text-muted-foreground">Reading the file…</p>}
        {failure && (
          <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
            The upload failed: {failure}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="button" onClick={upload} disabled={blocked}>
            Upload
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

/** The file's versions, each linted; issues name the version they belong to when there are several. */
function checkUpload(text: string) {
  const parsed = lintText(text)
  if (parsed.value === undefined) return { versionCount: 0, issues: parsed.issues, errors: parsed.issues.length }
  const versions = uploadedVersions(parsed.value)
  const issues: LintIssue[] =
    versions.length === 0
      ? [{ severity: 'error', message: 'The file contains no versions' }]
      : versions.flatMap((version, index) =>
          lintVersion(version).map((issue) =>
            versions.length > 1 ? { ...issue, message: `Version ${index + 1}: ${issue.message}` } : issue,
          ),
        )
  return { versionCount: versions.length, issues, errors: issues.filter((i) => i.severity === 'error').length }
}
