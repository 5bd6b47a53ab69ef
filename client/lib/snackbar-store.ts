/**
 * The snackbar's state (spec section 2 and 9): visible, text, duration and icon. The simple snackbar
 * defaults to 2000 ms, blue-grey and an info-circle icon; a duration of -1 never closes it.
 */
export type SnackbarIcon = 'info' | 'success' | 'warning' | 'error'
export type SnackbarColor = 'blueGrey' | 'success' | 'warning' | 'error' | 'brand'

export type SnackbarState = {
  visible: boolean
  text: string
  duration: number
  icon: SnackbarIcon
  color: SnackbarColor
  /** changes with every message, so the same text twice restarts the timer */
  id: number
}

export const SNACKBAR_DEFAULTS = { duration: 2000, icon: 'info', color: 'blueGrey' } as const

type Listener = () => void

export function createSnackbarStore(
  schedule: (fn: () => void, ms: number) => unknown = setTimeout,
  cancel: (handle: unknown) => void = (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
) {
  let state: SnackbarState = { visible: false, text: '', ...SNACKBAR_DEFAULTS, id: 0 }
  let timer: unknown = null
  const listeners = new Set<Listener>()
  const emit = () => listeners.forEach((l) => l())

  const hide = () => {
    if (timer !== null) cancel(timer)
    timer = null
    if (!state.visible) return
    state = { ...state, visible: false }
    emit()
  }

  const show = (text: string, options: Partial<Pick<SnackbarState, 'duration' | 'icon' | 'color'>> = {}) => {
    if (timer !== null) cancel(timer)
    timer = null
    state = { visible: true, text, ...SNACKBAR_DEFAULTS, ...options, id: state.id + 1 }
    emit()
  }

  return {
    get: () => state,
    subscribe(listener: Listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    show,
    /** Something was done (saved, sent, deleted): green, with the check icon. */
    success: (text: string) => show(text, { color: 'success', icon: 'success' }),
    /** Something could not be done: red, with the error icon. */
    error: (text: string) => show(text, { color: 'error', icon: 'error' }),
    /**
     * The snackbar has drawn message `id`: its time starts now, so a message shown while the screen is busy (a
     * navigation on a slow phone) is still on screen for its whole duration.
     */
    shown(id: number) {
      if (id !== state.id || !state.visible || timer !== null || state.duration === -1) return
      timer = schedule(hide, state.duration)
    },
    hide,
  }
}

export const snackbar = createSnackbarStore()
