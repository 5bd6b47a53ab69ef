import { useTranslation } from 'react-i18next'
import { errorText } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { deleteStat } from '../api/assistant-api'
import { useRefreshAssistantStats } from '../api/assistant-queries'

/** Deleting a statistics view after the owner confirms it; resolves whether it was deleted. */
export function useDeleteStat() {
  const { t } = useTranslation()
  const refreshAssistantStats = useRefreshAssistantStats()
  return async (stat: { id: string; name: string }): Promise<boolean> => {
    const ok = await confirm({
      title: t('assistant.delete'),
      text: t('assistant.deleteConfirm', { name: stat.name }),
      confirmLabel: t('assistant.delete'),
      cancelLabel: t('assistant.cancel'),
      destructive: true,
    })
    if (!ok) return false
    try {
      await deleteStat(stat.id)
      snackbar.success(t('assistant.deleted'))
      return true
    } catch (err) {
      snackbar.error(errorText(err, t))
      return false
    } finally {
      void refreshAssistantStats()
    }
  }
}
