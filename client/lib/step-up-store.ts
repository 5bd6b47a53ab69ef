import { openQuestion } from './subscribers'

/**
 * A sensitive action's confirmation (decision 093): when the server answers `step_up_required`, the app asks the
 * person to confirm it is them (the dialog in client/features/auth/components/step-up-dialog.tsx) and, confirmed,
 * sends the same request again. One question at a time: requests that meet it together wait for the one answer.
 */
type Pending = { promise: Promise<boolean>; resolve: (ok: boolean) => void }

const question = openQuestion<Pending>()

export const stepUpStore = {
  /** whether the question is open */
  get: () => question.current() !== null,
  subscribe: question.subscribe,
  answer: question.answer,
}

/** Asks the person to confirm it is them; true once they have. */
export function askStepUp(): Promise<boolean> {
  const open = question.current()
  if (open) return open.promise
  let resolve!: (ok: boolean) => void
  const promise = new Promise<boolean>((r) => (resolve = r))
  question.open({ promise, resolve })
  return promise
}

/** Where a confirmation through the identity provider is told to the window that asked (decision 093). */
export const STEP_UP_CHANNEL = 'sk-step-up'
const REFUSED_KEY = 'sk-step-up-refused'

/**
 * Back from confirming at the identity provider (`/login?step=<done|reason>`, in the window the dialog opened): the
 * window that asked hears the outcome and this one closes. A page that cannot close (a blocked pop-up: the page itself
 * went) goes back to where it was, and a refusal waits there for the next question. True when this page was that.
 */
export function finishProviderStepUp(): boolean {
  if (window.location.pathname !== '/login') return false
  const params = new URLSearchParams(window.location.search)
  const outcome = params.get('step')
  if (!outcome) return false
  new BroadcastChannel(STEP_UP_CHANNEL).postMessage({ outcome })
  // The window the dialog opened closes. Its opener is not asked: the way through the provider's origin severs it
  // (Cross-Origin-Opener-Policy), but a window a script opened may still close itself; a tab cannot, and stays open.
  window.close()
  if (window.closed) return true
  if (outcome !== 'done') sessionStorage.setItem(REFUSED_KEY, outcome)
  const to = params.get('to')
  window.location.replace(to && /^\/(?!\/)/.test(to) ? to : '/')
  return true
}

/** A refusal from a confirmation that went through this page (once). */
export function takeStepUpRefusal(): string | null {
  const reason = sessionStorage.getItem(REFUSED_KEY)
  sessionStorage.removeItem(REFUSED_KEY)
  return reason
}
