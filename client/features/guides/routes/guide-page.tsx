import { Badge, Box, Button, Card, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../../shared/format'
import { docHeadings } from '../../../../shared/schemas/guide-document'
import type { GuideView } from '../../../../shared/schemas/guides'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { useParams } from 'react-router'
import { useGuidesStore, useLocalAcks, withLocalAck } from '../api/guides-store'
import { AckReportCard } from '../components/ack-report'
import { GuideBadges } from '../components/guide-badges'
import { GuideBody } from '../components/guide-body'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { useAcknowledgeGuide, useGuide, useRefreshGuideRead } from '../api/guides-queries'

/**
 * /guides/dashboard/:id (docs/decisions/069): a guide in the reader's language (Swedish when it has none in theirs)
 * with its table of contents and last update; a must-read guide's acknowledge button; for a coach or a manager, who
 * in their teams has acknowledged it.
 */
export default function GuidePage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const store = useGuidesStore()
  const acks = useLocalAcks(store.db)
  const refreshRead = useRefreshGuideRead()
  // With no network the guide comes from the device, as it was last saved (a 404 stays a 404).
  const query = useGuide(store.db, id)
  const refresh = () => void refreshRead(id)
  const crumbs = [{ label: t('routes.guides-dashboard'), to: '/guides/dashboard' }]
  return (
    <DetailState
      query={query}
      title={query.data?.value.title ?? t('routes.guides-dashboard-view-guide')}
      breadcrumbs={crumbs}
      notFound={t('guides.reader.notFound')}
    >
      {(answer) => (
        <Page title={answer.value.title} breadcrumbs={crumbs}>
          <GuideScreen guide={withLocalAck(answer.value, acks)} savedAt={answer.savedAt} refresh={refresh} acknowledgeOffline={store.acknowledgeOffline} />
        </Page>
      )}
    </DetailState>
  )
}

function GuideScreen({
  guide,
  savedAt,
  refresh,
  acknowledgeOffline,
}: {
  guide: GuideView
  savedAt: number | null
  refresh: () => void
  acknowledgeOffline: (guideId: string, number: number) => Promise<void>
}) {
  const { t, i18n, lang } = useLanguage()
  const ability = useAbility()
  const [now] = useState(() => Date.now())
  const toc = docHeadings(guide.body)
  // A seller's acknowledgement goes with their other changes, so it works with no network; others' at once.
  const sells = ability.can('create', 'sales')
  const ack = useAcknowledgeGuide(sells ? acknowledgeOffline : null, {
    onSuccess: () => {
      snackbar.success(t('guides.reader.acknowledgedNow'))
      refresh()
    },
    onError: (err) => snackbar.error(errorText(err, t)),
  })

  return (
    <Stack gap="5" maxW="5xl">
      <Stack gap="1">
        <Text color="fg.muted" fontSize="sm">
          {guide.categoryName} · {t('guides.reader.versionOf', { number: guide.number, date: formatDate(guide.publishedAt, lang) })}
        </Text>
        <GuideBadges guide={guide} now={now} />
        {savedAt !== null ? (
          <Text color="fg.muted" fontSize="sm" data-testid="guide-from-device">
            {t('guides.reader.fromDevice', { time: formatTime(savedAt, lang) })}
          </Text>
        ) : null}
        {guide.summary ? <Text fontSize="lg">{guide.summary}</Text> : null}
        {guide.language !== i18n.language && i18n.language !== 'sv' ? (
          <Text color="fg.muted" fontSize="sm" data-testid="guide-fallback">
            {t('guides.reader.inSwedish')}
          </Text>
        ) : null}
      </Stack>
      <Grid templateColumns={{ base: '1fr', lg: toc.length > 1 ? '16rem 1fr' : '1fr' }} gap="6" alignItems="start">
        {toc.length > 1 ? (
          <Box as="nav" aria-label={t('guides.reader.contents')} position={{ lg: 'sticky' }} top="4" data-testid="guide-toc">
            <Text fontWeight="semibold" fontSize="sm" mb="2">
              {t('guides.reader.contents')}
            </Text>
            <Stack gap="1" fontSize="sm">
              {toc.map((h) => (
                <ChakraLink key={h.anchor} href={`#${h.anchor}`} ps={`${(h.level - 1) * 3}`} color="fg.muted">
                  {h.text}
                </ChakraLink>
              ))}
            </Stack>
          </Box>
        ) : null}
        <GuideBody doc={guide.body} embeds={guide.embeds} />
      </Grid>
      {guide.mustRead ? (
        guide.acknowledged ? (
          <Notice status="success" data-testid="guide-acknowledged-note" title={t('guides.reader.youAcknowledged', { number: guide.number })} />
        ) : (
          <Card.Root borderColor="orange.emphasized">
            <Card.Body>
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Text>{guide.newVersion ? t('guides.reader.askAgain') : t('guides.reader.ask')}</Text>
                <Button colorPalette="brand" onClick={() => ack.mutate(guide)} loading={ack.isPending} data-testid="guide-acknowledge">
                  {t('guides.reader.acknowledge')}
                </Button>
              </HStack>
            </Card.Body>
          </Card.Root>
        )
      ) : null}
      {guide.mustRead && ability.can('view', 'users') ? <AckReportCard guideId={guide.id} /> : null}
      <Badge alignSelf="start" variant="plain" color="fg.subtle" fontWeight="normal">
        {t('guides.reader.language', { language: t(`guides.languages.${guide.language}`) })}
      </Badge>
    </Stack>
  )
}
