import { subscribers } from './subscribers'

/**
 * A sensitive action's confirmation (decision 093): when the server answers `step_up_required`, the app asks the
 * person to confirm it is them (the dialog in client/features/auth/components/step-up-dialog.tsx) and, confirmed,
 * sends the same request again. One question at a time: requests that meet it together wait for the one answer.
 */
type Pending = { promise: Promise<boolean>; resolve: (ok: boolean) => void }

let pending: Pending | null = null
const { emit, subscribe } = subscribers()

export const stepUpStore = {
  /** whether the question is open */
  get: () => pending !== null,
  subscribe,
  answer(ok: boolean) {
    const p = pending
    pending = null
    emit()
    p?.resolve(ok)
  },
}

/** Asks the person to confirm it is them; true once they have. */
export function askStepUp(): Promise<boolean> {
  if (pending) return pending.promise
  let resolve!: (ok: boolean) => void
  const promise = new Promise<boolean>((r) => (resolve = r))
  pending = { promise, resolve }
  emit()
  return promise
}
