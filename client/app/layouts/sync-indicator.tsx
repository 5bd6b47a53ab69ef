import { Badge, Button, Spinner } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useUserData } from '../../lib/session'
import { syncEngine, useSyncStatus } from '../../lib/sync'

let persistAsked = false

/**
 * The navbar's sync status for users who work offline (sellers): offline / N waiting / syncing /
 * synced at hh:mm / N need attention. It also runs the user's sync engine while the app is open and,
 * once per page, asks the browser to keep the offline store (navigator.storage.persist).
 */
export default function SyncIndicator() {
  const { t, i18n } = useTranslation()
  const user = useUserData()
  const engine = user ? syncEngine(user.id) : null
  const status = useSyncStatus(engine)

  useEffect(() => {
    if (!engine) return undefined
    if (!persistAsked && navigator.storage?.persist) {
      persistAsked = true
      void navigator.storage.persisted().then((already) => (already ? true : navigator.storage.persist())).catch(() => undefined)
    }
    return engine.start()
  }, [engine])

  if (!engine) return null
  let label: string
  let palette = 'gray'
  if (status.rejected > 0) {
    label = t('syncStatus.attention', { count: status.rejected })
    palette = 'red'
  } else if (!status.online) {
    label = status.pending > 0 ? `${t('syncStatus.offline')} · ${t('syncStatus.waiting', { count: status.pending })}` : t('syncStatus.offline')
    palette = 'orange'
  } else if (status.syncing) {
    label = t('syncStatus.syncing')
  } else if (status.pending > 0) {
    label = t('syncStatus.waiting', { count: status.pending })
    palette = 'yellow'
  } else if (status.lastSyncedAt) {
    label = t('syncStatus.syncedAt', { time: new Date(status.lastSyncedAt).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' }) })
    palette = 'green'
  } else {
    label = t('syncStatus.never')
  }
  return (
    <Button asChild variant="ghost" size="sm" px="2" aria-label={`${t('syncStatus.label')}: ${label}`} title={label}>
      <Link to="/sales/sync" data-testid="sync-status" data-online={status.online} data-pending={status.pending} data-rejected={status.rejected}>
        {status.syncing ? <Spinner size="xs" /> : null}
        <Badge colorPalette={palette} variant="subtle" maxW={{ base: '7.5rem', md: 'none' }} truncate>
          {label}
        </Badge>
      </Link>
    </Button>
  )
}
