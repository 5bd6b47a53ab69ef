import { expect, test } from '@playwright/test'
import { screen, signInAs, workerControls } from '../fixtures'
import { apiAs, sellerPhone } from '../api'
import { chromiumLaunchOptions } from '../../scripts/chromium'

// Push messages arrive through the service worker: it is on here (the suite turns it off elsewhere, playwright.config.ts).
// A system notification needs the full browser: the headless shell the rest of the suite runs in has no
// notification platform (a worker's showNotification never settles there).
test.use({ serviceWorkers: 'allow', launchOptions: chromiumLaunchOptions('browser') })

/**
 * Live alerts (issue 16, decision 030): back office sets a deviation on a sale, and the seller's open app shows it
 * at once — a popup and the bell's count — over the realtime channel, not the bell's once-a-minute check (which
 * stops while the channel is up). A push message delivered to the service worker shows as a system notification
 * that links to the sale. Each project has its own seller, whose notifications no other test touches.
 */
test('a deviation reaches the seller’s open app at once, and a push message shows as a notification @phone-only', async ({ page, context }, info) => {
  const email = info.project.name === 'phone' ? 'viktor.lind@demo.test' : 'petra.sund@demo.test'
  const tag = `Livekund ${info.project.name} ${Date.now() % 100000}`
  const phone = await sellerPhone(email)
  const [saleId] = await phone.createSales(tag, 1)

  await signInAs(page, email, '/sales/list')
  await expect(page.getByTestId('realtime-state')).toHaveAttribute('data-state', 'connected')
  const bell = page.getByTestId('bell-deviation')
  await expect(bell).toHaveAccessibleName('Avvikelser')
  await expect(page.getByTestId('bell-count-deviation')).toHaveCount(0)

  const desk = await apiAs('backoffice@demo.test')
  const { version } = (await (await desk.get(`/api/sale-reports/${saleId}`)).json()) as { version: number }
  const marked = await desk.post(`/api/sale-reports/${saleId}/status`, {
    data: { status: 'deviation', version, deviationType: 'incorrect_ssn', reason: 'Personnumret går inte att verifiera.' },
  })
  expect(marked.status()).toBe(200)

  // Live: well inside the minute the bell would otherwise wait.
  const popup = page.getByTestId('notification-popup')
  await expect(popup).toContainText('Avvikelse på din försäljning')
  await expect(popup).toContainText(`${tag} 1`)
  await expect(popup).toContainText('Felaktigt personnummer')
  await expect(page.getByTestId('bell-count-deviation')).toHaveText('1')
  await expect(bell).toHaveAccessibleName(/1 olästa/)
  await screen(page, `${info.project.name}-live-alert`)
  // The same change pokes the phone to pull: the list on screen shows the new status without a reload.
  const row = page
    .getByTestId('sale-row')
    .filter({ hasText: `${tag} 1` })
    .filter({ visible: true })
  await expect(row).toContainText('Avvikelse')

  // The popup leads to the sale.
  await popup.getByRole('button', { name: /Avvikelse på din försäljning/ }).click()
  await expect(page).toHaveURL(`/sales/${saleId}`)
  await expect(popup).toHaveCount(0)

  // A push message (as a push service delivers it) shows as a system notification tagged with its id, which
  // opens the sale it names.
  await context.grantPermissions(['notifications'])
  await workerControls(page)
  const cdp = await context.newCDPSession(page)
  // The registration whose worker controls this page (the browser's other contexts have their own).
  const { targetInfo } = await cdp.send('Target.getTargetInfo')
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const ours = versions.find((v) => v.status === 'activated' && (v.controlledClients ?? []).includes(targetInfo.targetId))
      if (ours) resolve(ours.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  const origin = new URL(page.url()).origin
  const message = { title: 'Avvikelse på din försäljning', body: `${tag} 1: Felaktigt personnummer`, link: `/sales/${saleId}`, id: `push-${saleId}` }
  // The worker tells open windows once a push shows. Reading the notifications only after that matters: the
  // browser's read drops a stored notification it does not see on screen yet (one between being stored and
  // being displayed), and a read racing the display would lose it for good.
  type Waiting = { pushShown?: Promise<void> }
  const deliver = async (data: object) => {
    // Listening first (the evaluate returns once the listener is on), then the push.
    await page.evaluate((id) => {
      ;(window as unknown as Waiting).pushShown = new Promise<void>((resolve) => {
        const onMessage = (e: MessageEvent) => {
          const data = e.data as { type?: string; id?: string } | null
          if (data?.type !== 'saljkraft-push' || data.id !== id) return
          navigator.serviceWorker.removeEventListener('message', onMessage)
          resolve()
        }
        navigator.serviceWorker.addEventListener('message', onMessage)
      })
    }, message.id)
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: await registrationId, data: JSON.stringify(data) })
    await page.evaluate(() => (window as unknown as Waiting).pushShown)
  }
  await deliver(message)
  const shown = () =>
    page.evaluate(async (tag) => {
      const registration = await navigator.serviceWorker.ready
      return (await registration.getNotifications({ tag })).map((n) => ({ title: n.title, body: n.body, link: (n.data as { link: string }).link }))
    }, message.id)
  await expect.poll(shown).toEqual([{ title: message.title, body: message.body, link: `/sales/${saleId}` }])

  // Its click (the worker's notificationclick handler, as the system calls it) takes the open window to the sale.
  await page.goto('/sales/list')
  await workerControls(page)
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'))
  await worker.evaluate(async (tag) => {
    type Scope = {
      registration: ServiceWorkerRegistration
      dispatchEvent(e: Event): boolean
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event
    }
    const sw = globalThis as unknown as Scope
    const [n] = await sw.registration.getNotifications({ tag })
    sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n! }))
  }, message.id)
  await expect(page).toHaveURL(`/sales/${saleId}`)

  // A second copy of the same message replaces the first (one notification per id); a link to another site
  // is never followed: it becomes the app's start.
  await deliver({ ...message, link: 'https://evil.example/phish' })
  await expect.poll(shown).toEqual([{ title: message.title, body: message.body, link: '/' }])

  await phone.dispose()
  await desk.dispose()
})
