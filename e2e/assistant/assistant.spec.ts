import { expect, test } from '@playwright/test'
import { addDays, businessDay, isWeekend, previousMonth } from '../../shared/rules/work'
import { screen, signInAs } from '../fixtures'

/**
 * The BI assistant (issue 21, decision 053): a manager asks in Swedish and gets a line chart of their office, follows
 * it up, looks at the query behind it and saves it as a statistics view shared with coaches; a coach opens the view
 * and sees it within their own teams. Figures are not asserted: other tests add sales in Malmö as this one runs.
 */
test('a manager asks, follows up and saves a statistic; a coach with the shared role opens it @phone', async ({ page, browser }, info) => {
  // Unique to the run: a server kept between runs (reuseExistingServer) still holds earlier runs' views.
  const name = `Ordervärde per vecka och team (${info.project.name} ${Date.now().toString(36)})`
  await signInAs(page, 'manager@demo.test', '/keyai')
  await expect(page.getByRole('heading', { name: 'AI-chatt', level: 1 })).toBeVisible()
  await expect(page.getByTestId('assistant-empty')).toBeVisible()
  await screen(page, `${info.project.name}-assistant-empty`)

  await page.getByTestId('assistant-input').fill('ordervärde per vecka senaste 8 veckorna')
  await page.getByTestId('assistant-send').click()
  const first = page.getByTestId('answer').first()
  await expect(first).toHaveAttribute('data-chart', 'line')
  await expect(first.getByTestId('answer-description')).toContainText('Ordervärde, per vecka, senaste 8 veckorna')
  await expect(first.getByTestId('answer-scope')).toHaveText('Omfattning: Ditt kontor: Malmö')
  await expect(first.getByTestId('chart-row')).toHaveCount(8)
  await first.getByTestId('answer-show-query').click()
  await expect(first.getByTestId('answer-sql').first()).toContainText('sale_day_totals')

  // A follow-up changes one part: the same figures, now a line per team.
  await page.getByTestId('assistant-input').fill('och per team?')
  await page.getByTestId('assistant-send').click()
  const second = page.getByTestId('answer').nth(1)
  await expect(second).toHaveAttribute('data-chart', 'line')
  await expect(second.getByTestId('answer-description')).toContainText('Ordervärde, per vecka, per team, senaste 8 veckorna')
  await screen(page, `${info.project.name}-assistant-answers`)

  await second.getByTestId('answer-save').click()
  const dialog = page.getByTestId('stat-dialog')
  await dialog.getByTestId('stat-name').fill(name)
  await dialog.locator('[data-testid="stat-role"][data-role="Coach"]').click()
  await expect(dialog.locator('[data-testid="stat-role"][data-role="Coach"]')).toHaveAttribute('data-state', 'checked')
  await expect(dialog.locator('[data-testid="stat-role"][data-state="checked"]')).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Spara' }).click()
  await expect(dialog).toBeHidden()

  // The coach finds it shared with their role and opens it: run again within their own teams.
  const context = await browser.newContext({ viewport: page.viewportSize(), locale: 'sv-SE' })
  const coach = await context.newPage()
  await signInAs(coach, 'coach@demo.test', '/keyai/stats')
  const item = coach.locator('[data-testid="stat-item"]', { hasText: name })
  await expect(item).toContainText('Skapad av: Maria Manager')
  await expect(item).toContainText('Coach')
  await screen(coach, `${info.project.name}-assistant-stats`)
  await item.getByRole('link', { name }).click()
  await expect(coach.getByRole('heading', { name, level: 1 })).toBeVisible()
  const opened = coach.getByTestId('stat-answer')
  await expect(opened).toHaveAttribute('data-chart', 'line')
  await expect(opened.getByTestId('answer-scope')).toHaveText('Omfattning: Dina team: Team Lund, Team Öresund')
  await screen(coach, `${info.project.name}-assistant-stat`, { fullPage: true })
  await context.close()
})

test('a question without a measure gets buttons; nonsense gets Invalid Prompt with examples to ask instead', async ({ page }, info) => {
  await signInAs(page, 'backoffice@demo.test', '/keyai/business-intelligence')
  await expect(page.getByRole('heading', { name: 'Affärsanalys', level: 1 })).toBeVisible()
  await page.getByTestId('assistant-input').fill('per team senaste 30 dagarna')
  await page.getByTestId('assistant-send').click()
  const clarify = page.getByTestId('assistant-clarify')
  await expect(clarify).toContainText('Vad vill du se? Välj ett mått:')
  await clarify.getByTestId('assistant-choice').filter({ hasText: 'Antal order' }).click()
  const answer = page.getByTestId('answer').first()
  await expect(answer.getByTestId('answer-description')).toContainText('Antal order, per team, senaste 30 dagarna')
  await expect(answer.getByTestId('answer-scope')).toHaveText('Omfattning: Hela organisationen')

  await page.getByTestId('assistant-input').fill('vad är meningen med livet?')
  await page.getByTestId('assistant-send').click()
  const invalid = page.getByTestId('assistant-invalid')
  await expect(invalid).toContainText('Ogiltig fråga')
  // An example asks it: last month's figures, or — in a demo whose sales are all this month's — that there are none.
  await invalid.getByTestId('assistant-example').first().click()
  await expect(page.getByText(/^Ordervärde, per team, förra månaden/).first()).toBeVisible()
  await screen(page, `${info.project.name}-assistant-bi`)
})

/**
 * The questions a sales manager asks beyond one period (decision 083): "how are we doing?" answers with the main
 * measures beside the month before, and a comparison keeps both periods and says the change. Figures are not
 * asserted (other tests add sales as this one runs); what each shows is.
 */
test('a manager asks how it is going and compares this month with the last @phone', async ({ page }, info) => {
  await signInAs(page, 'manager@demo.test', '/keyai')
  await page.getByTestId('assistant-input').fill('hur går det?')
  await page.getByTestId('assistant-send').click()
  const summary = page.getByTestId('answer').first()
  await expect(summary.getByTestId('answer-description')).toContainText('denna månad')
  for (const measure of ['orderValue', 'orders', 'regretRate', 'averageGrade', 'hours'])
    await expect(summary.getByTestId(`summary-${measure}`)).toContainText('Före:')
  await expect(summary.getByTestId('answer-summary')).toContainText('Ordervärde')
  await screen(page, `${info.project.name}-assistant-overview`, { fullPage: true })

  await page.getByTestId('assistant-input').fill('ordervärde per team den här månaden jämfört med förra månaden')
  await page.getByTestId('assistant-send').click()
  const compared = page.getByTestId('answer').nth(1)
  await expect(compared.getByTestId('answer-description')).toContainText('jämfört med förra månaden')
  // As many of last month's days as this month has had (decision 083): on a month's first days they may all be a
  // weekend, when nobody sold, and the answer says there is nothing to compare with.
  const today = businessDay(Date.now())
  const lastMonthDays = Array.from({ length: Number(today.slice(8)) }, (_, i) => addDays(`${previousMonth(today.slice(0, 7))}-01`, i))
  await expect(compared.getByTestId('answer-comparison')).toContainText(
    lastMonthDays.some((d) => !isWeekend(d)) ? 'mot förra månaden' : 'inget att jämföra med för förra månaden',
  )
  // A series per period: the table has both columns.
  await expect(compared.getByRole('columnheader', { name: /^denna månad/ })).toBeAttached()
  await expect(compared.getByRole('columnheader', { name: /^förra månaden/ })).toBeAttached()
  await screen(page, `${info.project.name}-assistant-compare`, { fullPage: true })
})
