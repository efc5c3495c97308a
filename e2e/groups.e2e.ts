// Admin Groups (SPEC §2 "Admin Groups screen", §8): add, a duplicate refused, search, open, delete with the confirm.
import { expect, test } from './fixtures/hearth.ts'

test.use({ viewport: { width: 1366, height: 900 } })

test('groups: add, duplicate refused, search, open and delete', async ({ page, signInAsAdmin, snapshot }) => {
  await signInAsAdmin()
  const stamp = Date.now().toString(36)
  const name = `Night Owls ${stamp}`
  const other = `Early Birds ${stamp}`
  await page.goto('/groups')
  await expect(page).toHaveTitle('Groups · Hearth')
  await expect(page.getByRole('heading', { level: 1, name: 'Groups' })).toBeVisible()
  const deleteButton = page.getByRole('button', { name: 'Delete Groups' })
  await expect(deleteButton).toBeDisabled()

  // Add: the button is disabled while the name is blank.
  await page.getByRole('button', { name: 'Add New Group' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add New Group' })
  const add = dialog.getByRole('button', { name: 'Add', exact: true })
  await expect(add).toBeDisabled()
  await dialog.getByLabel('Group name').fill('   ')
  await expect(add).toBeDisabled()
  await dialog.getByLabel('Group name').fill(name)
  await add.click()
  await expect(page.getByText('Group added successfully')).toBeVisible()
  await expect(dialog).toBeHidden()
  const table = page.getByRole('table', { name: 'Groups' })
  await expect(table.getByRole('link', { name })).toBeVisible()

  // The same name again (any case) is refused with SPEC's text; the dialog stays open to fix it.
  await page.getByRole('button', { name: 'Add New Group' }).click()
  await dialog.getByLabel('Group name').fill(name.toUpperCase())
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(page.getByText('Group already exists')).toBeVisible()
  await expect(dialog).toBeVisible()
  await dialog.getByLabel('Group name').fill(other)
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(table.getByRole('link', { name: other })).toBeVisible()

  // Search narrows by name and lives in the URL.
  await page.getByLabel('Search by name').fill(`owls ${stamp}`)
  await expect(page).toHaveURL(/q=owls/)
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('0')
  await snapshot('groups-1366')
  await page.setViewportSize({ width: 390, height: 844 })
  await snapshot('groups-390')
  await page.setViewportSize({ width: 1366, height: 900 })

  // The name links to the detail page.
  await table.getByRole('link', { name }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await page.goBack()

  // Delete: select, confirm, and both are gone.
  await page.getByLabel('Search by name').fill(stamp)
  await expect(table.getByRole('row')).toHaveCount(3)
  await table.getByRole('checkbox', { name: `Select row ${name}` }).check()
  await table.getByRole('checkbox', { name: `Select row ${other}` }).check()
  await deleteButton.click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete selected groups?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(table.getByRole('link', { name })).toBeVisible()
  await deleteButton.click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Deleted 2 groups')).toBeVisible()
  await expect(table.getByText('No groups found')).toBeVisible()
  await expect(deleteButton).toBeDisabled()
  const left = await page.request.get(`/api/get-groups?q=${stamp}`)
  expect((await left.json()).total).toBe(0)
})

test('groups: 100 a page with Page X of Y', async ({ page, signInAsAdmin }) => {
  await signInAsAdmin()
  const stamp = `pg${Date.now().toString(36)}`
  for (let i = 0; i < 101; i++) {
    const res = await page.request.post('/api/create-group', { data: { name: `${stamp} ${String(i).padStart(3, '0')}` } })
    expect(res.ok()).toBe(true)
  }
  await page.goto(`/groups?q=${stamp}`)
  const table = page.getByRole('table', { name: 'Groups' })
  await expect(table.getByRole('row')).toHaveCount(101)
  await expect(page.getByText('Page 1 of 2')).toBeVisible()
  await page.getByRole('button', { name: 'Page 2' }).click()
  await expect(page.getByText('Page 2 of 2')).toBeVisible()
  await expect(table.getByRole('row')).toHaveCount(2)
  await expect(table.getByRole('link', { name: `${stamp} 100` })).toBeVisible()
})
