// PRODUCT §3 in Chromium: the web app works under its Content-Security-Policy (no violation on the landing page,
// the login, the console with a voice session, the user page with a voice session), and a same-site page on
// another port cannot change data as the signed-in admin (CSRF) with a form post or a no-cors fetch.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request as playwrightRequest, type Page } from '@playwright/test'

import { admin, baseURL } from './fixtures/env.ts'
import { expect, test } from './fixtures/hearth.ts'

/** Collects CSP violations: the DOM event (documents and their workers report here) and Chromium's console line. */
async function watchCsp(page: Page) {
  const violations: string[] = []
  await page.exposeFunction('__reportCspViolation', (text: string) => violations.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation
      report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber}`)
    })
  })
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  return violations
}

async function createUserLink() {
  const staff = await playwrightRequest.newContext({ baseURL })
  try {
    expect((await staff.post('/api/auth/login', { data: admin })).ok()).toBe(true)
    const created = await staff.post('/api/create-user', {
      data: { name: `Ada Csp${Date.now().toString(36)}`, phone_number: '', email: '' },
    })
    expect(created.ok(), await created.text()).toBe(true)
    const user = (await created.json()) as { fileName: string }
    const link = await staff.post('/api/user-link', { data: { userFile: user.fileName, moduleName: 'Get to Know You' } })
    expect(link.ok(), await link.text()).toBe(true)
    return ((await link.json()) as { url: string }).url
  } finally {
    await staff.dispose()
  }
}

test.describe('content security policy', () => {
  test.describe.configure({ timeout: 120_000 })

  test('the landing page, login, console voice session and user page voice session log no CSP violation', async ({
    page,
    signInAsAdmin,
  }) => {
    const violations = await watchCsp(page)
    const landing = await page.goto('/')
    expect(landing?.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(landing?.headers()['referrer-policy']).toBe('same-origin')
    await expect(page.locator('#root')).not.toBeEmpty()
    await page.mouse.wheel(0, 1500)
    await page.waitForTimeout(500)

    await signInAsAdmin()
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1, name: 'Console' })).toBeVisible()
    await page.getByRole('button', { name: 'Connect', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Connected' })).toBeVisible()
    // An answer arrived over the websocket and played through the playback worklet.
    await expect(page.getByRole('list', { name: 'Conversation' }).locator('li[data-role="assistant"]').first()).toContainText(
      'How are you doing today?',
      { timeout: 10_000 },
    )
    await page.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('button', { name: 'Connect', exact: true })).toBeVisible()
    // A dialog (its scroll lock injects a style element) and the prompt editor.
    await page.goto('/prompt-manager')
    await page.waitForLoadState('networkidle')

    await page.context().clearCookies()
    await page.goto(await createUserLink())
    await expect(page.getByRole('heading', { level: 1, name: /^Hi, Ada$/ })).toBeVisible()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('menuitem', { name: 'Settings' }).click()
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible()
    await page.keyboard.press('Escape')
    const chat = page.getByRole('button', { name: /^(chat|disconnect|disconnecting\.\.\.)$/ })
    await chat.click()
    await expect(chat).toHaveText('disconnect')
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              (window as unknown as { __hearthVoice: { stats(): { outputPeakMax: number } | null } }).__hearthVoice.stats()
                ?.outputPeakMax ?? 0,
          ),
        {
          timeout: 10_000,
        },
      )
      .toBeGreaterThan(0.05)
    await chat.click()
    await expect(chat).toHaveText('chat', { timeout: 15_000 })

    expect(violations).toEqual([])
  })
})

test.describe('CSRF from a same-site page on another port', () => {
  let foreign: Server
  let foreignUrl: string
  const groupName = `CSRF ${Date.now().toString(36)}`

  test.beforeAll(async () => {
    // Three ways a page can post across origins without a CORS preflight, each aimed at create-group.
    const action = `${baseURL}/api/create-group`
    const page = `<!doctype html><title>elsewhere</title>
<form id="urlencoded" method="post" action="${action}" target="f1"><input name="name" value="${groupName} form"></form>
<form id="multipart" method="post" action="${action}" enctype="multipart/form-data" target="f2"><input name="name" value="${groupName} multipart"></form>
<form id="plain" method="post" action="${action}" enctype="text/plain" target="f3"><input name='{"name":"${groupName} plain","x":"' value='"}'></form>
<iframe name="f1"></iframe><iframe name="f2"></iframe><iframe name="f3"></iframe>
<script>
  for (const id of ['urlencoded', 'multipart', 'plain']) document.getElementById(id).submit()
  fetch(${JSON.stringify(action)}, { method: 'POST', mode: 'no-cors', credentials: 'include', body: new URLSearchParams({ name: ${JSON.stringify(`${groupName} fetch`)} }) })
    .finally(() => { document.title = 'sent' })
</script>`
    foreign = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(page))
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
    foreignUrl = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}/`
  })
  test.afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())))

  test('form posts (urlencoded, multipart, text/plain) and a no-cors fetch change nothing for the signed-in admin', async ({
    page,
    signInAsAdmin,
  }) => {
    await signInAsAdmin()
    const refused: number[] = []
    page.on('response', (res) => {
      if (res.url().endsWith('/api/create-group')) refused.push(res.status())
    })
    await page.goto(foreignUrl)
    await expect(page).toHaveTitle('sent')
    await expect.poll(() => refused.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(3)
    expect(refused.every((status) => status === 403)).toBe(true)
    // The admin's session is fine, and no group was made.
    const groups = await page.request.get(`${baseURL}/api/get-groups`)
    expect(groups.ok()).toBe(true)
    expect(JSON.stringify(await groups.json())).not.toContain(groupName)
  })
})
