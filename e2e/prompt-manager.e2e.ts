// The Prompt Manager's editor, its checks and versions, and the sequence files (the panels beside the editor:
// prompt-manager-panels.e2e.ts).
import type { Page } from '@playwright/test'

import { expect, test } from './fixtures/hearth.ts'
import { chooseOption, createSequence, editor, replaceEditorText, storedVersions } from './fixtures/prompt-manager.ts'

/** Records the text of every error toast the page shows from now on, however briefly (sonner renders `data-type`). */
async function recordErrorToasts(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { errorToasts: seen })
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('[data-sonner-toast][data-type="error"]')) {
        if (!seen.includes(toast.textContent ?? '')) seen.push(toast.textContent ?? '')
      }
    }).observe(document, { subtree: true, childList: true, attributes: true })
  })
  return () => page.evaluate(() => (window as unknown as { errorToasts: string[] }).errorToasts)
}

/** The window's scroll offset once the editor has done its measuring (CodeMirror scrolls in an animation frame). */
const windowScrollY = (page: Page) =>
  page.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(window.scrollY)))))

/** Each text colour the editor paints its visible tokens in, with its contrast ratio on the editor's background. */
async function editorColours(page: Page) {
  return page.evaluate(() => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!
    // The canvas turns any CSS colour (oklch too) into sRGB bytes.
    const rgb = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1)
      canvas.fillStyle = colour
      canvas.fillRect(0, 0, 1, 1)
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)]
    }
    const luminance = (colour: string) => {
      const [r, g, b] = rgb(colour).map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4))
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const background = luminance(getComputedStyle(document.querySelector('.cm-editor')!).backgroundColor)
    const colours = new Map<string, string>()
    for (const span of document.querySelectorAll('.cm-content .cm-line span')) {
      colours.set(getComputedStyle(span).color, span.textContent ?? '')
    }
    return [...colours].map(([colour, sample]) => {
      const [light, dark] = [luminance(colour), background].sort((a, b) => b - a)
      return { colour, sample, ratio: (light + 0.05) / (dark + 0.05) }
    })
  })
}

test.describe('prompt manager', () => {
  test.use({ viewport: { width: 1366, height: 900 } })
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('edit and save a version, lint blocks a dangling next_prompt, compare two versions', async ({ page, snapshot }) => {
    const errorToasts = await recordErrorToasts(page)
    await page.goto('/prompt-manager')
    await expect(page).toHaveTitle('Prompt Manager')
    await expect(editor(page)).toHaveAttribute('aria-disabled', 'true')
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()

    // global_prompt.json first, the rest alphabetical.
    await page.getByRole('combobox', { name: 'Sequence', exact: true }).click()
    const options = await page.getByRole('option').allInnerTexts()
    expect(options[0]).toBe('global_prompt.json')
    expect(options.slice(1)).toEqual([...options.slice(1)].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())))
    await page.getByRole('option', { name: 'Get to Know You.json' }).click()
    await expect(page.getByText('Sequence fetched successfully')).toBeVisible()
    await expect(editor(page)).toHaveAttribute('aria-disabled', 'false')
    const version = page.getByRole('combobox', { name: 'Version', exact: true })
    await expect(version).toHaveText('v1')
    const prompts = page.getByRole('navigation', { name: 'Prompts' })
    await expect(prompts.getByRole('button').first()).toContainText('v1')
    await snapshot('prompt-manager-loaded-1366')
    // Prose reads in the text colour (red is for lint errors), and every token colour is legible on the editor.
    const prose = page.locator('.cm-content span', { hasText: 'Welcome the person warmly' }).first()
    const bodyColour = await page.evaluate(() => getComputedStyle(document.body).color)
    expect(await prose.evaluate((span) => getComputedStyle(span).color)).toBe(bodyColour)
    const colours = await editorColours(page)
    expect(colours.length).toBeGreaterThan(2)
    for (const { colour, sample, ratio } of colours) expect(ratio, `${colour} (${sample})`).toBeGreaterThanOrEqual(4.5)

    // Unchanged text: Save stays disabled; a change enables it.
    const [loaded] = await storedVersions(page, 'Get to Know You.json')
    await expect(editor(page)).toContainText(loaded.module_prompt)
    const edited = { ...loaded, module_prompt: `${loaded.module_prompt} Keep answers short.` }
    await replaceEditorText(page, JSON.stringify(edited, null, 2))
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled()

    // A next_prompt naming no prompt blocks Save and says why.
    const dangling = structuredClone(edited)
    dangling.sequential_prompts[0].next_prompt = 'nowhere_at_all'
    await replaceEditorText(page, JSON.stringify(dangling, null, 2))
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()
    await expect(page.getByRole('region', { name: 'Checks' })).toContainText('nowhere_at_all')
    await snapshot('prompt-manager-lint-1366')

    // Not JSON at all: blocked too.
    await replaceEditorText(page, '{ "module_prompt": ')
    await expect(page.getByRole('region', { name: 'Checks' })).toContainText('Not valid JSON')
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()

    await replaceEditorText(page, JSON.stringify(edited, null, 2))
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Sequence saved successfully')).toBeVisible()
    await expect(version).toHaveText('v2')
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled()
    // The save is not followed by a false "Version 2 not found".
    expect(await errorToasts()).toEqual([])
    await expect(editor(page)).toContainText('Keep answers short.')
    const stored = await storedVersions(page, 'Get to Know You.json')
    expect(stored.map((v) => v.version)).toEqual([1, 2])
    expect(stored[1]).toEqual({ ...edited, version: 2 })

    // The saved version survives a reload (it came from the server).
    await page.reload()
    await expect(version).toHaveText('v2')
    await expect(editor(page)).toContainText('Keep answers short.')

    // Version diff: v1 against v2 shows the module prompt change.
    await page.getByRole('button', { name: 'Compare versions' }).click()
    const diff = page.getByRole('dialog', { name: 'Compare versions' })
    await expect(diff.getByRole('combobox', { name: 'From version' })).toHaveText('v1')
    await expect(diff.getByRole('combobox', { name: 'To version' })).toHaveText('v2')
    await expect(diff.getByText('1 change', { exact: true })).toBeVisible()
    await expect(diff.locator('[data-changed="true"]')).toContainText('Keep answers short.')
    await snapshot('prompt-manager-diff-1366')
    await page.keyboard.press('Escape')

    // An old version is still there to look at (v1 is the one members get: the seed published it).
    await chooseOption(page, 'Version', 'v1 Published')
    await expect(editor(page)).not.toContainText('Keep answers short.')
    await expect(page).toHaveURL(/version=1/)
  })

  test('create, rename, upload (new and as new versions) and delete sequences', async ({ page, snapshot }) => {
    await page.goto('/prompt-manager')

    await page.getByRole('button', { name: 'Create a new sequence file' }).click()
    let dialog = page.getByRole('dialog', { name: 'Create a new sequence file' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Create a new sequence file' }).click()
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled()
    await dialog.getByLabel('Sequence name').fill('E2E Walk')
    await dialog.getByRole('button', { name: 'Create' }).click()
    await expect(page.getByText('Sequence created successfully')).toBeVisible()

    await chooseOption(page, 'Sequence', 'E2E Walk.json')
    await expect(editor(page)).toContainText('first_prompt')
    await page.getByRole('button', { name: 'Rename sequence' }).click()
    dialog = page.getByRole('dialog', { name: 'Rename sequence' })
    await dialog.getByLabel('New name').fill('E2E Stroll')
    await dialog.getByRole('button', { name: 'Rename' }).click()
    await expect(page.getByText('Sequence renamed successfully')).toBeVisible()
    await page.getByRole('combobox', { name: 'Sequence', exact: true }).click()
    await expect(page.getByRole('option', { name: 'E2E Stroll.json' })).toBeVisible()
    await expect(page.getByRole('option', { name: 'E2E Walk.json' })).toHaveCount(0)
    await page.getByRole('option', { name: 'E2E Stroll.json' }).click()

    // Upload: the preview says what will change before anything is stored.
    const version = {
      module_prompt: 'A short evening check-in.',
      sequential_prompts: [
        { name: 'hello', description: 'Greet', prompt: 'Say hello.', trigger_condition: 'After the greeting', next_prompt: 'bye' },
        { name: 'bye', description: 'Close', prompt: 'Say goodbye.', trigger_condition: '', next_prompt: '' },
      ],
    }
    const file = (name: string, value: unknown) => ({ name, mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(value)) })
    await page.getByLabel('Upload Json file').setInputFiles(file('Evening Upload.json', [version]))
    dialog = page.getByRole('dialog', { name: 'Upload Json' })
    await expect(dialog.getByRole('status')).toContainText('Creates a new sequence “Evening Upload” with 1 version')
    await snapshot('prompt-manager-upload-1366')
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByText('Sequence uploaded successfully')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Sequence', exact: true })).toHaveText('Evening Upload.json')
    await expect(editor(page)).toContainText('A short evening check-in.')

    // The same name again adds versions, never overwrites; a broken file is blocked in the preview.
    await page.getByLabel('Upload Json file').setInputFiles(file('Evening Upload.json', { ...version, module_prompt: 'Second take.' }))
    await expect(dialog.getByRole('status')).toContainText('Adds 1 new version to the existing sequence “Evening Upload”')
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('combobox', { name: 'Version', exact: true })).toHaveText('v2')
    await page
      .getByLabel('Upload Json file')
      .setInputFiles(
        file('Broken.json', { ...version, sequential_prompts: [{ ...version.sequential_prompts[0], next_prompt: 'missing' }] }),
      )
    await expect(dialog.getByRole('region', { name: 'Checks' })).toContainText('missing')
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    await chooseOption(page, 'Sequence', 'E2E Stroll.json')
    await page.getByRole('button', { name: 'Delete' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure you want to delete this sequence? (E2E Stroll.json)' })
    await expect(confirm).toBeVisible()
    await confirm.getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Sequence deleted successfully')).toBeVisible()
    await page.getByRole('combobox', { name: 'Sequence', exact: true }).click()
    await expect(page.getByRole('option', { name: 'E2E Stroll.json' })).toHaveCount(0)
    await page.keyboard.press('Escape')

    await page.getByRole('link', { name: 'Return to console' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('a created sequence saves its first edit; unsaved edits ask before they are left behind', async ({ page }) => {
    const dialogs: string[] = []
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.type())
      void dialog.dismiss()
    })
    const errorToasts = await recordErrorToasts(page)
    await page.goto('/prompt-manager')
    // Opens at the top: the title and the selectors are in view.
    expect(await windowScrollY(page)).toBe(0)
    await createSequence(page, 'E2E Draft')
    expect(await windowScrollY(page)).toBe(0)

    // The template lints clean, so its first edit can be saved.
    const [template] = await storedVersions(page, 'E2E Draft.json')
    await replaceEditorText(page, JSON.stringify({ ...template, module_prompt: 'An evening check-in.' }, null, 2))
    await expect(page.getByRole('button', { name: 'Save changes' })).toBeEnabled()

    // A link, another sequence and a reload ask first; staying keeps the edit.
    const leave = page.getByRole('alertdialog', { name: 'Leave without saving?' })
    await page.getByRole('link', { name: 'Return to console' }).click()
    await leave.getByRole('button', { name: 'Stay' }).click()
    await expect(leave).toBeHidden()
    await chooseOption(page, 'Sequence', 'Get to Know You.json')
    await leave.getByRole('button', { name: 'Stay' }).click()
    await expect(page.getByRole('combobox', { name: 'Sequence', exact: true })).toHaveText('E2E Draft.json')
    // A reload the way the browser's button does it (Playwright's own reload waits for a load that never comes).
    await page.evaluate(() => setTimeout(() => location.reload()))
    await expect.poll(() => dialogs).toEqual(['beforeunload'])
    await expect(page).toHaveURL(/sequence=E2E/)
    await expect(editor(page)).toContainText('An evening check-in.')

    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByText('Sequence saved successfully')).toBeVisible()
    await expect(page.getByRole('combobox', { name: 'Version', exact: true })).toHaveText('v2')
    expect(await errorToasts()).toEqual([])
    expect((await storedVersions(page, 'E2E Draft.json')).map((v) => v.module_prompt)).toEqual([
      template.module_prompt,
      'An evening check-in.',
    ])

    // An unsaved edit left on purpose: Leave goes.
    await replaceEditorText(page, JSON.stringify({ ...template, module_prompt: 'Not kept.' }, null, 2))
    await chooseOption(page, 'Version', 'v1')
    await leave.getByRole('button', { name: 'Leave' }).click()
    await expect(page).toHaveURL(/version=1/)
    await expect(editor(page)).not.toContainText('Not kept.')

    // Nothing unsaved: nothing asks.
    await page.getByRole('button', { name: 'Delete' }).click()
    await page
      .getByRole('alertdialog', { name: /delete this sequence/ })
      .getByRole('button', { name: 'Delete' })
      .click()
    await expect(page.getByText('Sequence deleted successfully')).toBeVisible()
    await page.getByRole('link', { name: 'Return to console' }).click()
    await expect(page).toHaveURL(/\/$/)
    expect(dialogs).toEqual(['beforeunload'])
  })

  test.describe('on a 390 px phone', () => {
    test.use({ viewport: { width: 390, height: 844 } })
    test('opens at the top; the editor and its checks fit', async ({ page, snapshot }) => {
      await page.goto('/prompt-manager')
      await expect(editor(page)).toHaveAttribute('aria-disabled', 'true')
      expect(await windowScrollY(page)).toBe(0)
      await chooseOption(page, 'Sequence', 'Get to Know You.json')
      await expect(editor(page)).toContainText('module_prompt')
      expect(await windowScrollY(page)).toBe(0)
      await page.reload()
      await expect(editor(page)).toContainText('module_prompt')
      expect(await windowScrollY(page)).toBe(0)
      await expect(page.getByRole('heading', { name: 'Prompt Manager' })).toBeInViewport()
      await snapshot('prompt-manager-390')
    })
  })
})
