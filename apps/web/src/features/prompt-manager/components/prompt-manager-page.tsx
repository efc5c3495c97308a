// Prompt Manager (SPEC §2, §4 "Sequence editor", §5, §8): choose a sequence and version, edit its JSON with a
// live lint, save it as a new version, compare versions, and rename, create, upload or delete sequences.
import { useEffect, useMemo, useRef, useState } from 'react'
import { getRouteApi, Link, useRouter } from '@tanstack/react-router'

import { Button, buttonVariants } from '@hearth/ui/components/button'
import { lintText, type LintIssue } from '@hearth/protocol/sequence-lint'

import { ConfirmDialog } from '@/components/confirm-dialog'
import { PromptDialog } from '@/components/prompt-dialog'
import { useUnsavedChanges } from '@/components/unsaved-changes'
import { createSequence, deleteSequence, renameSequence, saveSequenceVersion } from '@/features/prompt-manager/api'
import { CostPanel } from '@/features/prompt-manager/components/cost-panel'
import { DiffDialog } from '@/features/prompt-manager/components/diff-dialog'
import { JsonEditor } from '@/features/prompt-manager/components/json-editor'
import { LintPanel } from '@/features/prompt-manager/components/lint-panel'
import { PromptList } from '@/features/prompt-manager/components/prompt-list'
import { PublishPanel } from '@/features/prompt-manager/components/publish-panel'
import { SequenceSelect } from '@/features/prompt-manager/components/sequence-select'
import { TestCasesPanel } from '@/features/prompt-manager/components/test-cases-panel'
import { TurnTakingPanel } from '@/features/prompt-manager/components/turn-taking-panel'
import { UploadDialog } from '@/features/prompt-manager/components/upload-dialog'
import { VersionSelect } from '@/features/prompt-manager/components/version-select'
import { displayName, highestVersion, isGlobalSequence, saveBody, versionToText } from '@/features/prompt-manager/editor-text'
import { caseLint } from '@/features/prompt-manager/test-case-form'
import { errorMessage } from '@/lib/api'
import { notify } from '@/lib/notify'

const route = getRouteApi('/_staff/prompt-manager')

type Dialog = 'rename' | 'create' | 'delete' | 'diff' | null

export function PromptManagerPage() {
  const { sequences, content, status, testCases, turnTaking, costs } = route.useLoaderData()
  const search = route.useSearch()
  const navigate = route.useNavigate()
  const router = useRouter()
  const { staff } = route.useRouteContext()

  const sequence = search.sequence
  const versions = useMemo(() => (content?.ok ? [...content.value].sort((a, b) => a.version - b.version) : []), [content])
  const numbers = versions.map((v) => v.version)
  const wanted = search.version ?? highestVersion(versions)
  const shown = versions.find((v) => v.version === wanted) ?? versions.at(-1)
  const loaded = Boolean(sequence && shown)
  const loadedText = shown ? versionToText(shown) : ''
  const [editorText, setEditorText] = useState(loadedText)
  const [busy, setBusy] = useState(false)
  const [dialog, setDialog] = useState<Dialog>(null)
  const [upload, setUpload] = useState<File | null>(null)
  // Bumped when the person discards their edits in place, so the editor goes back to the loaded text.
  const [discards, setDiscards] = useState(0)
  const fileInput = useRef<HTMLInputElement>(null)
  const editorApi = useRef<{ revealText: (needle: string) => void } | null>(null)
  const docKey = `${sequence ?? ''}@${shown?.version ?? ''}@${loadedText.length}:${hash(loadedText)}#${discards}`

  useEffect(() => setEditorText(loadedText), [docKey])
  useEffect(() => {
    if (sequences.ok === false) notify.error('Error while fetching sequences', { description: sequences.error })
  }, [sequences])
  useEffect(() => {
    if (content && !content.ok) notify.error('Error while fetching sequence content', { description: content.error })
  }, [content])
  useEffect(() => {
    if (status && !status.ok) notify.error('Error while fetching the published version', { description: status.error })
  }, [status])
  useEffect(() => {
    if (search.version !== undefined && versions.length > 0 && !numbers.includes(search.version)) {
      notify.error(`Version ${search.version} not found`)
    }
  }, [search.version, versions])

  const isGlobal = sequence ? isGlobalSequence(sequence) : false
  const issues = useMemo<LintIssue[]>(() => (loaded ? lintEditorText(editorText, isGlobal) : []), [editorText, isGlobal, loaded])
  const blocking = issues.find((issue) => issue.severity === 'error')
  const dirty = loaded && editorText !== loadedText
  const canSave = dirty && !blocking && !busy
  // Test cases name prompts of any version (PRODUCT §10): the union over the versions loaded.
  const promptNames = useMemo(
    () => [...new Set(versions.flatMap((v) => ('sequential_prompts' in v ? v.sequential_prompts.map((p) => p.name) : [])))],
    [versions],
  )
  const caseIssues = useMemo(() => (testCases?.ok ? caseLint(testCases.value, new Set(promptNames)) : []), [testCases, promptNames])

  // Choosing another sequence or version, a link, Back or a reload ask before unsaved edits are dropped.
  const unsaved = useUnsavedChanges(dirty, () => setDiscards((n) => n + 1))
  const chooseSequence = async (fileName: string) => {
    await navigate({ search: { sequence: fileName } })
    const match = router.state.matches.find((m) => m.routeId === '/_staff/prompt-manager')
    // The person may have chosen to stay with their edits.
    if (match?.search.sequence === fileName && match.loaderData?.content?.ok) notify.short('Sequence fetched successfully')
  }
  const chooseVersion = (version: number) => navigate({ search: { sequence, version } })
  // After a rename, create or delete the edits of the old selection are gone with it.
  const resetSelection = () => navigate({ search: {}, ignoreBlocker: true })

  const run = async (work: () => Promise<void>, failure: string) => {
    setBusy(true)
    try {
      await work()
    } catch (error) {
      notify.error(failure, { description: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  const save = () =>
    run(async () => {
      if (!sequence || !canSave) return
      const { updatedSequence } = await saveSequenceVersion(sequence, saveBody(JSON.parse(editorText)))
      const saved = highestVersion(updatedSequence)
      // Reload first (and wait for it: `sync`, not a background refresh), so the page's data holds the new
      // version by the time the address names it.
      await router.invalidate({ sync: true })
      await navigate({ search: { sequence, version: saved }, ignoreBlocker: true })
      notify.success('Sequence saved successfully')
    }, 'Error while saving sequence')

  const sequenceNames = sequences.ok ? sequences.value : []

  return (
    <div className="grid gap-5">
      <title>Prompt Manager</title>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="font-display text-2xl font-semibold tracking-tight sm:text-3xl">Prompt Manager</h1>
          <p className="text-sm text-muted-foreground">
            Edit sequences and their versions. Each save becomes a new draft version; members get the published one.
          </p>
        </div>
        <Link to="/" className={buttonVariants({ variant: 'outline' })}>
          Return to console
        </Link>
      </header>

      <div className="grid gap-3 rounded-xl border bg-card p-4 shadow-xs sm:grid-cols-[minmax(0,1fr)_10rem_auto] sm:items-end">
        <SequenceSelect names={sequenceNames} value={sequence} onChange={chooseSequence} loading={false} failed={!sequences.ok} />
        <VersionSelect
          label="Version"
          versions={numbers}
          value={shown?.version}
          onChange={chooseVersion}
          disabled={!sequence}
          published={status?.ok ? status.value.published : undefined}
        />
        <div className="flex flex-wrap gap-2">
          <Button onClick={save} disabled={!canSave} title={blocking ? blocking.message : undefined}>
            Save changes
          </Button>
          <Button variant="outline" onClick={() => setDialog('diff')} disabled={versions.length < 2}>
            Compare versions
          </Button>
        </div>
      </div>

      {sequence && shown && status?.ok && (
        <PublishPanel
          sequence={sequence}
          title={displayName(sequence)}
          version={shown.version}
          status={status.value}
          dirty={dirty}
          isAdmin={staff.role === 'admin'}
        />
      )}

      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          onClick={() => unsaved.confirmDiscard(() => setDialog('rename'))}
          disabled={!sequence || isGlobal || busy}
        >
          Rename sequence
        </Button>
        <Button variant="outline" onClick={() => unsaved.confirmDiscard(() => setDialog('create'))} disabled={busy}>
          Create a new sequence file
        </Button>
        <Button variant="outline" onClick={() => unsaved.confirmDiscard(() => fileInput.current?.click())} disabled={busy}>
          Upload Json
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".json,application/json"
          aria-label="Upload Json file"
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (!file) return
            if (!/\.json$/i.test(file.name)) return notify.error('Only .json files can be uploaded')
            setUpload(file)
          }}
        />
        <Button variant="outline" className="text-destructive" onClick={() => setDialog('delete')} disabled={!sequence || isGlobal || busy}>
          Delete
        </Button>
      </div>

      {blocking && dirty && (
        <p role="status" className="text-sm text-destructive">
          Save is disabled: {blocking.message}
        </p>
      )}

      <div className="grid gap-4 lg:grid-cols-[14rem_minmax(0,1fr)_18rem]">
        <PromptList
          prompts={shown && 'sequential_prompts' in shown ? shown.sequential_prompts : []}
          version={shown?.version}
          onSelect={(name) => editorApi.current?.revealText(`"name": ${JSON.stringify(name)}`)}
        />
        <div className="h-[65dvh] min-h-80">
          <JsonEditor
            initialText={loadedText}
            docKey={docKey}
            disabled={!loaded}
            label="Sequence JSON"
            onChange={setEditorText}
            onReady={(api) => (editorApi.current = api)}
          />
        </div>
        <LintPanel issues={issues} loaded={loaded} caseIssues={caseIssues} />
      </div>

      {sequence && testCases && (
        <TestCasesPanel
          sequence={sequence}
          cases={testCases.ok ? testCases.value : null}
          failed={testCases.ok ? undefined : testCases.error}
          promptNames={promptNames}
          runName={displayName(sequence)}
          version={shown?.version}
        />
      )}

      {sequence && turnTaking && staff.role === 'admin' && <TurnTakingPanel key={sequence} rates={turnTaking} />}
      {sequence && costs && staff.role === 'admin' && <CostPanel key={`${sequence}-cost`} costs={costs} />}

      <PromptDialog
        open={dialog === 'rename'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Rename sequence"
        label="New name"
        initialValue={sequence ? displayName(sequence) : ''}
        submitLabel="Rename"
        onSubmit={(newName) =>
          run(async () => {
            await renameSequence(sequence!, newName)
            notify.success('Sequence renamed successfully')
            await resetSelection()
            await router.invalidate()
          }, 'Error while renaming sequence')
        }
      />
      <PromptDialog
        open={dialog === 'create'}
        onOpenChange={(open) => !open && setDialog(null)}
        title="Create a new sequence file"
        description="It starts from a template with one prompt."
        label="Sequence name"
        submitLabel="Create"
        onSubmit={(name) =>
          run(async () => {
            await createSequence(name)
            notify.success('Sequence created successfully')
            await resetSelection()
            await router.invalidate()
          }, 'Error while creating sequence')
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Are you sure you want to delete this sequence? (${sequence ?? ''})`}
        confirmLabel="Delete"
        destructive
        onConfirm={() =>
          run(async () => {
            await deleteSequence(sequence!)
            notify.success('Sequence deleted successfully')
            await resetSelection()
            await router.invalidate()
          }, 'Error while deleting sequence')
        }
      />
      {unsaved.dialog}
      {dialog === 'diff' && (
        <DiffDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          sequenceName={sequence ? displayName(sequence) : ''}
          versions={versions}
          initialLeft={numbers.at(-2)}
          initialRight={numbers.at(-1)}
        />
      )}
      <UploadDialog
        file={upload}
        existing={sequenceNames}
        onClose={() => setUpload(null)}
        onUploaded={async (result) => {
          setUpload(null)
          notify.success('Sequence uploaded successfully')
          await router.invalidate({ sync: true })
          await navigate({ search: { sequence: result.fileName }, ignoreBlocker: true })
        }}
      />
    </div>
  )
}

function lintEditorText(text: string, isGlobal: boolean): LintIssue[] {
  if (!isGlobal) return lintText(text).issues
  const parsed = lintText(text)
  if (parsed.value === undefined) return parsed.issues
  const value = parsed.value as { global_prompt?: unknown }
  return typeof value.global_prompt === 'string' && value.global_prompt.trim()
    ? []
    : [{ severity: 'error', message: 'global_prompt must be a non-empty text' }]
}

/** A cheap fingerprint, so a reload of the same version with new text resets the editor. */
function hash(text: string) {
  let h = 0
  for (let i = 0; i < text.length; i++) h = (h * 31 + text.charCodeAt(i)) | 0
  return h
}
