/** The notification popup at the top (spec section 2): title, message, link, the sender's initials. */
export type PopupNotification = { id: number; title: string; message: string; link?: string; from?: string }

type Listener = () => void
let current: PopupNotification | null = null
let counter = 0
const listeners = new Set<Listener>()
const emit = () => listeners.forEach((l) => l())

export const notificationPopup = {
  get: () => current,
  subscribe(listener: Listener) {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  show(n: Omit<PopupNotification, 'id'>) {
    current = { ...n, id: ++counter }
    emit()
  },
  close() {
    current = null
    emit()
  },
}
