import { openQuestion } from './subscribers'

/**
 * One confirmation at a time: `confirm({...})` resolves true when the user confirms, false otherwise. Without a
 * `cancelLabel` it is a notice to acknowledge, with its one button.
 */
export type ConfirmRequest = { title: string; text: string; confirmLabel: string; cancelLabel?: string; destructive?: boolean }
type Pending = ConfirmRequest & { resolve: (ok: boolean) => void }

const question = openQuestion<Pending>()

export const confirmStore = { get: question.current, subscribe: question.subscribe, answer: question.answer }

export function confirm(request: ConfirmRequest): Promise<boolean> {
  question.current()?.resolve(false)
  return new Promise((resolve) => question.open({ ...request, resolve }))
}
