import { Badge, Button, Spinner } from '@chakra-ui/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { formatTime, type FormatLanguage } from '../../../shared/format'
import { useUserData } from '../../lib/session'
import { syncEngine, useSyncStatus } from '../../lib/sync'
import { snackbar } from '../../lib/snackbar-store'
import { storageSpace } from '../../lib/storage-space'

let persistAsked = false
let spaceChecked = false

/**
 * The navbar's sync status for users who work offline (sellers): offline / N waiting / syncing /
 * synced at hh:mm / N need attention. It also runs the user's sync engine while the app is open and,
 * once per page, asks the browser to keep the offline store (navigator.storage.persist) and warns when the app's
 * storage on the device is nearly full.
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
      void navigator.storage
        .persisted()
        .then((already) => (already ? true : navigator.storage.persist()))
        .catch(() => undefined)
    }
    return engine.start()
  }, [engine])

  useEffect(() => {
    if (!engine || spaceChecked) return
    spaceChecked = true
    // Said before the device is full, while what waits can still be sent (issue 78); it stays until closed.
    void storageSpace()
      .then((space) => {
        if (space?.nearlyFull)
          snackbar.show(t('syncStatus.nearlyFull', { percent: Math.round(space.share * 100) }), { color: 'warning', icon: 'warning', duration: -1 })
      })
      .catch(() => undefined)
  }, [engine, t])

  if (!engine) return null
  // The full label from tablet width up; on a phone a short one, so the navbar fits 360 px.
  let label: string
  let short: string
  let palette = 'gray'
  const time = status.lastSyncedAt ? formatTime(status.lastSyncedAt, i18n.language as FormatLanguage) : ''
  if (status.rejected > 0) {
    label = t('syncStatus.attention', { count: status.rejected })
    short = `! ${status.rejected}`
    palette = 'red'
  } else if (!status.online) {
    label = status.pending > 0 ? `${t('syncStatus.offline')} · ${t('syncStatus.waiting', { count: status.pending })}` : t('syncStatus.offline')
    short = status.pending > 0 ? `${t('syncStatus.offline')} · ${status.pending}` : t('syncStatus.offline')
    palette = 'orange'
  } else if (status.syncing) {
    label = t('syncStatus.syncing')
    short = status.pending > 0 ? String(status.pending) : '…'
  } else if (status.pending > 0) {
    label = t('syncStatus.waiting', { count: status.pending })
    short = `↑ ${status.pending}`
    palette = 'yellow'
  } else if (status.lastSyncedAt) {
    label = t('syncStatus.syncedAt', { time })
    short = `✓ ${time}`
    palette = 'green'
  } else {
    label = t('syncStatus.never')
    short = '–'
  }
  return (
    <Button asChild variant="ghost" size="sm" px="2" minW="0" flexShrink="1" overflow="hidden" aria-label={`${t('syncStatus.label')}: ${label}`} title={label}>
      <Link
        to="/sales/sync"
        data-testid="sync-status"
        data-syncing={status.syncing}
        data-synced-at={status.lastSyncedAt ?? undefined}
        data-online={status.online}
        // Absent until the device store is counted: a fresh page is not "nothing waiting" before it has looked.
        data-pending={status.counted ? status.pending : undefined}
        data-rejected={status.counted ? status.rejected : undefined}
      >
        {status.syncing ? <Spinner size="xs" /> : null}
        <Badge colorPalette={palette} variant="subtle" hideBelow="md">
          {label}
        </Badge>
        <Badge colorPalette={palette} variant="subtle" hideFrom="md" aria-hidden>
          {short}
        </Badge>
      </Link>
    </Button>
  )
}
