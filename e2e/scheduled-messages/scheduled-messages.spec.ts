import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import { SMTPServer } from 'smtp-server'
import { PORT } from '../../playwright.config'
import { screen, signIn } from '../fixtures'
import { OwnServer } from '../own-server'

/**
 * Scheduled messages end to end (issue 45, decision 071), on a server of its own that sends mail to a local SMTP
 * server: back office writes a weekly message to a team, sees the next five sends on Tuesdays at 07:45 Stockholm time,
 * saves it, sends a test to themselves — it arrives by e-mail and in their bell — and finds it in the history.
 */
test('back office schedules a weekly message to a team, sees the next five sends and gets a test', async ({ browser }) => {
  test.setTimeout(120_000)
  const received: Array<{ to: string; raw: string }> = []
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) received.push({ to: r.address, raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const server = new OwnServer(PORT + 23, {
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    MAIL_FROM: 'Säljkraft <no-reply@saljkraft.test>',
  })
  await server.start()
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: server.url, locale: 'sv-SE' })
    const page = await context.newPage()
    await page.goto('/login')
    await signIn(page, 'backoffice@demo.test')
    await expect(page).not.toHaveURL(/\/login/)
    await page.goto('/backoffice/scheduledmessages')
    await expect(page.getByRole('row').filter({ hasText: 'Veckobrev till Team Norr' })).toContainText('Varje måndag kl. 07:30')
    await screen(page, 'scheduled-messages')

    await page.getByTestId('message-new').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nytt schemalagt meddelande')
    await page.getByTestId('message-name').fill('Tisdagsbrev till Team Söder')
    await page.getByTestId('message-subject-sv').fill('Hej {{firstName}}!')
    // A field that does not exist is named at the field, and the preview says it cannot be filled in.
    await page.getByTestId('message-body-sv').fill('Hej {{frstName}}')
    await expect(page.getByTestId('message-preview-unknown')).toHaveText('{{frstName}} finns inte som fält. Välj fälten ur listan.')
    await page.getByRole('button', { name: 'Spara', exact: true }).click()
    await expect(page.getByTestId('message-body-sv')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByText('{{frstName}} finns inte som fält. Välj fälten ur listan.').first()).toBeVisible()
    await screen(page, 'scheduled-message-unknown-field')
    await page.getByTestId('message-body-sv').fill('Veckans ordervärde i')
    await page.getByRole('button', { name: 'Infoga Team' }).click()
    await expect(page.getByTestId('message-body-sv')).toHaveValue('Veckans ordervärde i {{team}}')
    // The preview fills the fields with the writer's own values.
    await expect(page.getByTestId('message-preview-subject')).toHaveText('Hej Bertil!')
    // Tuesdays at 07:45: the next five sends are five Tuesdays in a row, at 07:45 Stockholm time.
    const weekdays = page.getByTestId('message-weekdays')
    await weekdays.getByText('Mån').click()
    await weekdays.getByText('Tis').click()
    await page.getByTestId('message-time').fill('07:45')
    const sends = page.getByTestId('message-next-send')
    await expect(sends).toHaveCount(5)
    for (let i = 0; i < 5; i++) await expect(sends.nth(i)).toContainText(/^tis .* 07:45$/)
    await expect(page.getByTestId('message-next-sends')).toContainText('Tider i Europe/Stockholm')

    // The recipients: Team Söder, from the lookup.
    await page.getByRole('combobox', { name: 'Team (medlemmar och coacher)' }).fill('Söder')
    await page.getByRole('option', { name: 'Team Söder' }).click()
    await expect(page.getByTestId('message-chosen')).toContainText('Team Söder')
    await screen(page, 'scheduled-message-new', { fullPage: true })
    await page.getByTestId('message-save').click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tisdagsbrev till Team Söder')
    await expect(page).toHaveURL(/\/backoffice\/scheduledmessages\/[0-9a-f-]{36}$/)

    // A test to me: by e-mail (the SMTP server gets exactly one, to me) and in my bell.
    await page.getByTestId('message-test').click()
    await expect(page.getByTestId('notification-popup')).toContainText('Hej Bertil!')
    await expect.poll(() => received.filter((r) => r.to === 'backoffice@demo.test').length).toBe(1)
    expect(received.every((r) => r.to === 'backoffice@demo.test')).toBe(true)
    expect(received[0]!.raw).toMatch(/Subject: Hej Bertil!/)
    await page.reload()
    await expect(page.getByTestId('message-history').getByRole('row').nth(1)).toContainText('Test')
    await expect(page.getByTestId('message-history').getByRole('row').nth(1)).toContainText('Klart')
    await screen(page, 'scheduled-message', { fullPage: true })

    // In the list: the recurrence in words and the next send.
    await page.goto('/backoffice/scheduledmessages')
    await expect(page.getByRole('row').filter({ hasText: 'Tisdagsbrev till Team Söder' })).toContainText('Varje tisdag kl. 07:45')
  } finally {
    await server.stop()
    await new Promise<void>((resolve) => smtp.close(() => resolve()))
  }
})
