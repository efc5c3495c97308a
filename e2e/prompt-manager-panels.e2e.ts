// The Prompt Manager's panels beside the editor: Publishing, Turn-taking and Cost, Test cases (the editor itself and the
// sequence files: prompt-manager.e2e.ts).
import { admin } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'
import { chooseOption, createSequence, replaceEditorText, storedVersions } from './fixtures/prompt-manager.ts'

test.describe('prompt manager', () => {
  test.use({ viewport: { width: 1366, height: 900 } })
  test.beforeEach(async ({ signInAsAdmin }) => {
    await signInAsAdmin()
  })

  test('Save makes a draft; Publish moves the Published mark to the version shown', async ({ page, snapshot }) => {
    await page.goto('/prompt-manager')
    await createSequence(page, 'E2E Publish')
    const panel = page.getByRole('region', { name: 'Publishing' })
    await expect(panel).toContainText('Not published: members do not see this sequence.')

    const publish = async (version: number) => {
      await panel.getByRole('button', { name: 'Publish' }).click()
      const confirm = page.getByRole('alertdialog', { name: `Publish version ${version} of E2E Publish?` })
      await expect(confirm).toContainText('Members will get it from their next chat.')
      await confirm.getByRole('button', { name: 'Publish' }).click()
      await expect(page.getByText(`Version ${version} published`)).toBeVisible()
    }
    await publish(1)
    await expect(panel.getByRole('heading')).toHaveText('E2E Publish v1 Published')
    await expect(panel).toContainText(`Members get v1, published by ${admin.email} on`)

    // Save: a new version, a draft; members still get v1.
    const [template] = await storedVersions(page, 'E2E Publish.json')
    await replaceEditorText(page, JSON.stringify({ ...template, module_prompt: 'A draft for the team.' }, null, 2))
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('combobox', { name: 'Version', exact: true })).toHaveText('v2')
    await expect(panel.getByRole('heading')).toHaveText('E2E Publish v2')
    await expect(panel).toContainText('Members get v1, published by')
    await snapshot('prompt-manager-publish-draft-1366')

    await publish(2)
    await expect(panel.getByRole('heading')).toHaveText('E2E Publish v2 Published')
    await expect(panel.getByRole('button', { name: 'Publish' })).toBeDisabled()
    await page.getByRole('combobox', { name: 'Version', exact: true }).click()
    await expect(page.getByRole('option')).toHaveText(['v1', 'v2 Published'])
    await snapshot('prompt-manager-published-1366')
    await page.keyboard.press('Escape')
  })

  test('turn-taking and cost (admins): a sequence nobody talked to yet says so, at 1366 and 390 px', async ({ page, snapshot }) => {
    await page.goto('/prompt-manager')
    await createSequence(page, 'E2E Quiet')
    const section = page.getByRole('region', { name: 'Turn-taking' })
    await expect(section.getByRole('table', { name: 'Turn-taking by version' })).toContainText('No conversations measured yet')
    // Its cost (PRODUCT §12): none yet, and the local provider's conversations are labelled as costing nothing.
    const cost = page.getByRole('region', { name: 'Cost' })
    await expect(cost.getByRole('table', { name: 'Cost by version' })).toContainText('No conversations costed yet')
    await expect(cost).toContainText('local provider: $0')
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('prompt-manager-turn-taking-empty-1366')
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(section).toContainText('No conversations measured yet')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.evaluate(() => window.scrollTo(0, 0))
    await snapshot('prompt-manager-turn-taking-empty-390')
  })

  test('test cases: add one through the form, see it listed, edit it, delete it', async ({ page, snapshot }) => {
    await page.goto(`/prompt-manager?sequence=${encodeURIComponent('Get to Know You.json')}`)
    const section = page.getByRole('region', { name: 'Test cases' })
    await expect(section).toContainText('No test cases yet — add one to describe a conversation this sequence must handle.')

    await section.getByRole('button', { name: 'Add test case' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add test case' })
    await dialog.getByLabel('Name').fill('Shy member')
    await dialog.getByLabel('Persona').fill('A quiet retiree who answers in few words.')
    await dialog.getByLabel('Opening line (optional)').fill('Hello?')
    await dialog.getByLabel('Turn limit').fill('12')
    await chooseOption(page, 'Start prompt', 'welcome')
    await dialog.getByRole('button', { name: 'Add expectation' }).click()
    // Saving without the prompt to reach is refused in the form.
    await dialog.getByRole('button', { name: 'Save test case' }).click()
    await expect(dialog.getByRole('alert')).toHaveText('Expectation 1: choose the prompt it must reach')
    await chooseOption(page, 'Expectation 1 prompt', 'interests')
    await dialog.getByLabel('Within (assistant turns)').fill('6')
    await snapshot('prompt-manager-test-case-dialog-1366')
    await dialog.getByRole('button', { name: 'Save test case' }).click()
    await expect(page.getByText('Test case saved')).toBeVisible()
    await expect(dialog).toBeHidden()
    const item = section.getByRole('listitem').filter({ hasText: 'Shy member' })
    await expect(item).toContainText("12 turns × 3 repeats · Reaches 'interests'")
    await snapshot('prompt-manager-test-cases-1366')

    // Edit: the form opens with the stored case; a server refusal (the same name as another case) shows inline.
    await item.getByRole('button', { name: 'Edit Shy member' }).click()
    const edit = page.getByRole('dialog', { name: 'Edit test case' })
    await expect(edit.getByLabel('Persona')).toHaveValue('A quiet retiree who answers in few words.')
    await expect(edit.getByRole('combobox', { name: 'Expectation 1 prompt' })).toHaveText('interests')
    await edit.getByLabel('Name').fill('Shy retiree')
    await chooseOption(page, 'Expectation 1 type', 'Never reaches a prompt')
    await chooseOption(page, 'Expectation 1 prompt', 'wrap_up')
    await edit.getByRole('button', { name: 'Save test case' }).click()
    await expect(edit).toBeHidden()
    await expect(section.getByRole('listitem')).toHaveCount(1)
    await expect(section.getByRole('listitem')).toContainText("Shy retiree12 turns × 3 repeats · Never reaches 'wrap_up'")

    await section.getByRole('button', { name: 'Delete Shy retiree' }).click()
    await page.getByRole('alertdialog', { name: "Delete the test case 'Shy retiree'?" }).getByRole('button', { name: 'Delete' }).click()
    await expect(page.getByText('Test case deleted')).toBeVisible()
    await expect(section).toContainText('No test cases yet')
  })
})
