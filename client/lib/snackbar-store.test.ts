import { describe, expect, it } from 'vitest'
import { createSnackbarStore } from './snackbar-store'

function fakeTimers() {
  const pending: Array<{ fn: () => void; ms: number; cancelled: boolean }> = []
  return {
    pending,
    schedule: (fn: () => void, ms: number) => {
      const t = { fn, ms, cancelled: false }
      pending.push(t)
      return t
    },
    cancel: (h: unknown) => {
      ;(h as { cancelled: boolean }).cancelled = true
    },
    run: () => pending.filter((t) => !t.cancelled).forEach((t) => t.fn()),
  }
}

describe('snackbar', () => {
  it('opens visible with the simple defaults: 2000 ms, blue-grey, info icon', () => {
    const timers = fakeTimers()
    const s = createSnackbarStore(timers.schedule, timers.cancel)
    expect(s.get().visible).toBe(false)
    s.show('Sparat')
    expect(s.get()).toMatchObject({ visible: true, text: 'Sparat', duration: 2000, color: 'blueGrey', icon: 'info' })
    // Its time starts when it is drawn, not when it was asked for (a busy screen may draw it late).
    expect(timers.pending).toHaveLength(0)
    s.shown(s.get().id)
    expect(timers.pending[0]!.ms).toBe(2000)
    // Drawn again (a redraw): the timer is not started twice; an old message's drawing starts nothing.
    s.shown(s.get().id)
    s.shown(s.get().id - 1)
    expect(timers.pending).toHaveLength(1)
    timers.run()
    expect(s.get().visible).toBe(false)
  })

  it('never closes by itself with a duration of -1', () => {
    const timers = fakeTimers()
    const s = createSnackbarStore(timers.schedule, timers.cancel)
    s.show('Ingen anslutning', { duration: -1, icon: 'warning' })
    s.shown(s.get().id)
    expect(timers.pending).toHaveLength(0)
    expect(s.get().visible).toBe(true)
    s.hide()
    expect(s.get().visible).toBe(false)
  })

  it('a new message replaces the old one and restarts the timer', () => {
    const timers = fakeTimers()
    const s = createSnackbarStore(timers.schedule, timers.cancel)
    s.show('Ett', { duration: 5000 })
    s.shown(s.get().id)
    s.show('Två')
    expect(timers.pending[0]!.cancelled).toBe(true)
    expect(s.get().text).toBe('Två')
    expect(s.get().id).toBe(2)
  })

  it('says a success in green with the check icon and a failure in red with the error icon, for the default time', () => {
    const timers = fakeTimers()
    const s = createSnackbarStore(timers.schedule, timers.cancel)
    s.success('Sparat')
    expect(s.get()).toMatchObject({ visible: true, text: 'Sparat', duration: 2000, color: 'success', icon: 'success', id: 1 })
    s.error('Kunde inte spara')
    expect(s.get()).toMatchObject({ visible: true, text: 'Kunde inte spara', duration: 2000, color: 'error', icon: 'error', id: 2 })
  })
})
