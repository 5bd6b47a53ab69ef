import type { TFunction } from 'i18next'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { formErrorOf } from '../../../components/ui/form-dialog'

/**
 * Archives an active catalog item (after a confirmation, when `confirmText` is given) or restores an archived one,
 * and says how it went in the snackbar; `then` runs either way (the screen reads the item again).
 */
export async function toggleArchived(
  t: TFunction,
  item: { active: boolean; name: string },
  texts: { confirmTitle?: string; confirmText?: string; archived: string; restored: string },
  save: (active: boolean) => Promise<unknown>,
  then: () => void,
): Promise<void> {
  if (item.active && texts.confirmTitle && texts.confirmText) {
    const ok = await confirm({
      title: texts.confirmTitle,
      text: texts.confirmText,
      confirmLabel: t('catalog.actions.archive'),
      cancelLabel: t('catalog.actions.cancel'),
      destructive: true,
    })
    if (!ok) return
  }
  try {
    await save(!item.active)
    snackbar.success(item.active ? texts.archived : texts.restored)
  } catch (err) {
    snackbar.error(formErrorOf(err, t).message)
  }
  then()
}
