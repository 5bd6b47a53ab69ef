import { subscribers } from './subscribers'

/**
 * One confirmation at a time: `confirm({...})` resolves true when the user confirms, false otherwise. Without a
 * `cancelLabel` it is a notice to acknowledge, with its one button.
 */
export type ConfirmRequest = { title: string; text: string; confirmLabel: string; cancelLabel?: string; destructive?: boolean }
type Pending = ConfirmRequest & { resolve: (ok: boolean) => void }

let pending: Pending | null = null
const { emit, subscribe } = subscribers()

export const confirmStore = {
  get: () => pending,
  subscribe,
  answer(ok: boolean) {
    const p = pending
    pending = null
    emit()
    p?.resolve(ok)
  },
}

export function confirm(request: ConfirmRequest): Promise<boolean> {
  pending?.resolve(false)
  return new Promise((resolve) => {
    pending = { ...request, resolve }
    emit()
  })
}
