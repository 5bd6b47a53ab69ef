import { expect, test } from '@playwright/test'
import { apiAs } from '../api'
import { screen, signInAs } from '../fixtures'

/**
 * The team feed on a seller's phone (issue 76, decision 102): a manager's post reaches the office's feed, the seller
 * reacts and comments, and when the manager removes the post it disappears from the phone without a reload.
 */
test('a manager posts, a seller reacts and comments on the phone, and the removed post leaves the phone @phone-only', async ({ page }) => {
  const stamp = Date.now() % 100_000
  const manager = await apiAs('manager@demo.test')
  const office = ((await (await manager.get('/api/auth/me')).json()) as { userData: { officeId: string } }).userData.officeId
  const made = await manager.post('/api/feed/posts', { data: { text: `Säljmöte i morgon kl 9 (${stamp})`, officeId: office } })
  expect(made.status(), await made.text()).toBe(201)
  const postId = ((await made.json()) as { id: string }).id

  await signInAs(page, 'seller@demo.test', '/feed')
  await expect(page.getByRole('heading', { level: 1, name: 'Teamflödet' })).toBeVisible()
  const item = page.locator(`[data-testid="feed-item"][data-id="${postId}"]`)
  await expect(item).toContainText(`Säljmöte i morgon kl 9 (${stamp})`)
  await expect(item).toContainText('Maria Manager')

  // A reaction, taken back and given again; a comment.
  const fire = item.getByTestId('feed-reactions').getByRole('button', { name: 'Reagera med 🔥' })
  await fire.click()
  const given = item.getByTestId('feed-reactions').getByRole('button', { name: '1 reagerade med 🔥' })
  await expect(given).toHaveAttribute('aria-pressed', 'true')
  await item.getByRole('textbox', { name: 'Skriv en kommentar' }).fill('Jag kommer!')
  await item.getByRole('button', { name: 'Skicka' }).click()
  await expect(item.getByTestId('feed-comment')).toContainText('Jag kommer!')
  await expect(item.getByRole('textbox', { name: 'Skriv en kommentar' })).toHaveValue('')
  await screen(page, 'feed-phone', { fullPage: true })

  // The manager sees the reaction and the comment, then removes the post: it leaves the phone without a reload.
  const seen = (await (await manager.get(`/api/feed/${postId}`)).json()) as {
    reactions: Array<{ emoji: string; count: number }>
    comments: Array<{ text: string }>
  }
  expect(seen.reactions).toEqual([{ emoji: '🔥', count: 1, mine: false }])
  expect(seen.comments.map((c) => c.text)).toEqual(['Jag kommer!'])
  expect((await manager.delete(`/api/feed/${postId}`)).status()).toBe(204)
  await expect(item).toHaveCount(0)
  await manager.dispose()
})
