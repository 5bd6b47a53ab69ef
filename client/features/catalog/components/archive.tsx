import { Button } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { formErrorOf } from '../../../components/ui/form-dialog'

/** What the catalog archives; archiving a provider or a product takes sellers' choices away, so it is confirmed first. */
type Archivable = 'providers' | 'products' | 'categories'

/**
 * Archives an active catalog item (after a confirmation, for a provider or a product) or restores an archived one,
 * and says how it went in the snackbar, in the texts of the item's kind; `then` runs either way (the screen reads
 * the item again).
 */
export async function toggleArchived(
  t: TFunction,
  item: { active: boolean; name: string },
  kind: Archivable,
  save: (active: boolean) => Promise<unknown>,
  then: () => void,
): Promise<void> {
  if (item.active && kind !== 'categories') {
    const ok = await confirm({
      title: t(`catalog.${kind}.archiveTitle`, { name: item.name }),
      text: t(`catalog.${kind}.archiveText`),
      confirmLabel: t('catalog.actions.archive'),
      cancelLabel: t('catalog.actions.cancel'),
      destructive: true,
    })
    if (!ok) return
  }
  try {
    await save(!item.active)
    snackbar.success(t(item.active ? `catalog.${kind}.archived` : `catalog.${kind}.restored`))
  } catch (err) {
    snackbar.error(formErrorOf(err, t).message)
  }
  then()
}

/**
 * The button that archives an active item or restores an archived one (`toggleArchived`); `compact` for a row's
 * actions, otherwise a detail page's, red while archiving is what it does.
 */
export function ArchiveButton(props: {
  item: { active: boolean; name: string }
  kind: Archivable
  save: (active: boolean) => Promise<unknown>
  then: () => void
  compact?: boolean
}) {
  const { t } = useTranslation()
  const { item, compact } = props
  return (
    <Button
      size={compact ? 'xs' : 'sm'}
      variant="outline"
      colorPalette={compact ? undefined : item.active ? 'red' : 'gray'}
      onClick={() => void toggleArchived(t, item, props.kind, props.save, props.then)}
    >
      {item.active ? t('catalog.actions.archive') : t('catalog.actions.restore')}
    </Button>
  )
}
