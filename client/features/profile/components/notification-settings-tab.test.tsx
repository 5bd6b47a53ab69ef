// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '../../../../shared/schemas/notifications'
import { snackbar } from '../../../lib/snackbar-store'
import { renderWithApp, serveApi } from '../../../test/render'
import { NotificationSettingsTab } from './notification-settings-tab'

/**
 * Profile → notification settings: each switch saves at once and shows its new state before the server answers; a
 * refused save puts the switch back and says why. Deviations always reach the app.
 */
const switchFor = (kind: string, channel: string) => screen.getByLabelText(`${kind}: ${channel}`) as HTMLInputElement
/** Whether a switch shows as on (its control's state, what the person sees). */
const shown = (kind: string, channel: string) => screen.getByTestId(`notify-${kind}-${channel}`).getAttribute('data-state') === 'checked'

function serve(answerPut: (settings: NotificationSettings) => unknown) {
  const saved: NotificationSettings[] = []
  serveApi((url, init) => {
    if (url.pathname === '/api/push/status') return { publicKey: 'key', thisDevice: false, subscriptions: 0 }
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as NotificationSettings
      saved.push(body)
      return answerPut(body)
    }
    return DEFAULT_NOTIFICATION_SETTINGS
  })
  return saved
}

afterEach(() => vi.restoreAllMocks())

describe('notification settings', () => {
  it('a switch saves the whole table with that one change, and says it was saved', async () => {
    const success = vi.spyOn(snackbar, 'success')
    const saved = serve((settings) => settings)
    const { user } = await renderWithApp(<NotificationSettingsTab />)
    const email = await waitFor(() => switchFor('Exporter och filer som blivit klara', 'E-post'))
    const before = shown('download', 'email')
    await user.click(email)
    await waitFor(() => expect(success).toHaveBeenCalledWith('Aviseringsinställningarna sparades'))
    expect(saved).toEqual([{ ...DEFAULT_NOTIFICATION_SETTINGS, download: { ...DEFAULT_NOTIFICATION_SETTINGS.download, email: !before } }])
    expect(shown('download', 'email')).toBe(!before)
  })

  it('a refused save puts the switch back as it was and says why', async () => {
    const error = vi.spyOn(snackbar, 'error')
    serve(() => Response.json({ error: 'forbidden', message: 'Du får inte ändra det här' }, { status: 403 }))
    const { user } = await renderWithApp(<NotificationSettingsTab />)
    const push = await waitFor(() => switchFor('Sjukanmälningar i dina team', 'Push'))
    const before = shown('sickNotice', 'push')
    await user.click(push)
    await waitFor(() => expect(error).toHaveBeenCalledWith('Du får inte ändra det här'))
    await waitFor(() => expect(shown('sickNotice', 'push')).toBe(before))
  })

  it('deviations in the app cannot be turned off', async () => {
    serve((settings) => settings)
    await renderWithApp(<NotificationSettingsTab />)
    const locked = await waitFor(() => switchFor('Avvikelser på försäljningar', 'I appen'))
    expect(locked.disabled).toBe(true)
    expect(shown('deviation', 'inApp')).toBe(true)
  })
})
