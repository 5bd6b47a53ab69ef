import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { DisplayView } from '../../../../shared/schemas/displays'
import { Page } from '../../../components/ui/page'
import { QueryTable } from '../../../components/ui/record-table'
import { useAbility } from '../../../lib/session'
import { useDisplays } from '../api/displays-queries'
import { DisplayDialog } from '../components/display-dialog'

const STATE_COLOURS = { pending: 'gray', paired: 'green', revoked: 'red' } as const

/**
 * /user-admin/displays (issue 76, docs/decisions/101): the office screens an admin or a manager keeps — pair one by
 * the code it shows (a QR code on the screen opens this page with the code filled in), see when each was last seen
 * and from where, change what it shows, revoke it.
 */
export default function DisplaysPage() {
  const { t, i18n } = useTranslation()
  const ability = useAbility()
  const displays = useDisplays()
  const [search, setSearch] = useSearchParams()
  const scanned = search.get('code')
  const [editing, setEditing] = useState<DisplayView | 'new' | null>(scanned ? 'new' : null)
  const may = ability.can('update', 'displays')
  const lang = i18n.language as FormatLanguage
  const close = () => {
    setEditing(null)
    if (scanned) setSearch({}, { replace: true })
  }
  return (
    <Page title={t('routes.user-admin-displays')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm" maxW="3xl">
          {t('displays.admin.intro', { url: `${window.location.origin}/tv` })}
        </Text>
        <Text color="fg.muted" fontSize="sm" maxW="3xl">
          {t('displays.admin.kioskHelp')}
        </Text>
        {may ? (
          <Button colorPalette="brand" size="sm" alignSelf="start" onClick={() => setEditing('new')} data-testid="pair-display">
            {t('displays.admin.pair')}
          </Button>
        ) : null}
        <QueryTable
          query={displays}
          empty={t('displays.admin.empty')}
          testId="displays"
          rowTestId="display"
          rowKey={(r) => r.id}
          onRowClick={may ? (r) => r.state === 'paired' && setEditing(r) : undefined}
          columns={[
            { header: t('displays.admin.name'), cell: (r) => r.name ?? '–', strong: true },
            {
              header: t('displays.admin.state'),
              cell: (r) => (
                <Badge key={r.state} colorPalette={STATE_COLOURS[r.state]}>
                  {t(`displays.admin.states.${r.state}`)}
                </Badge>
              ),
            },
            { header: t('displays.admin.office'), cell: (r) => r.officeName ?? '–' },
            {
              header: t('displays.admin.shows'),
              cell: (r) => (
                <HStack gap="1" wrap="wrap">
                  {r.scenes.map((s) => (
                    <Badge key={s.scene} variant="outline" size="sm">
                      {t(`displays.scenes.${s.scene}`)}
                    </Badge>
                  ))}
                </HStack>
              ),
              hideBelow: 'lg',
            },
            {
              header: t('displays.admin.lastSeen'),
              cell: (r) =>
                r.lastSeenAt
                  ? `${formatDate(r.lastSeenAt, lang)} ${formatTime(r.lastSeenAt, lang)}${r.lastSeenIp ? ` · ${r.lastSeenIp}` : ''}`
                  : t('displays.admin.never'),
              hideBelow: 'md',
            },
            { header: t('displays.admin.pairedBy'), cell: (r) => r.pairedByName ?? '–', hideBelow: 'lg' },
          ]}
        />
      </Stack>
      {editing ? <DisplayDialog display={editing === 'new' ? undefined : editing} code={scanned ?? ''} onClose={close} /> : null}
    </Page>
  )
}
