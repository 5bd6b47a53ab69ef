import { Alert, Badge, Box, Button, Card, Grid, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { docHeadings } from '../../../../shared/schemas/guide-document'
import type { GuideView } from '../../../../shared/schemas/guides'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { useRecord } from '../../../lib/use-record'
import { acknowledgeGuide, getGuide } from '../api/guides-api'
import { guidesKeys } from '../api/guides-keys'
import { AckReportCard } from '../components/ack-report'
import { GuideBadges } from '../components/guide-badges'
import { GuideBody } from '../components/guide-body'

/**
 * /guides/dashboard/:id (docs/decisions/069): a guide in the reader's language (Swedish when it has none in theirs)
 * with its table of contents and last update; a must-read guide's acknowledge button; for a coach or a manager, who
 * in their teams has acknowledged it.
 */
export default function GuidePage() {
  const { t } = useTranslation()
  const { query, refresh } = useRecord(guidesKeys.guide, getGuide, [guidesKeys.dashboard])
  const crumbs = [{ label: t('routes.guides-dashboard'), to: '/guides/dashboard' }]
  return (
    <DetailState query={query} title={query.data?.title ?? t('routes.guides-dashboard-view-guide')} breadcrumbs={crumbs} notFound={t('guides.reader.notFound')}>
      {(guide) => (
        <Page title={guide.title} breadcrumbs={crumbs}>
          <GuideScreen guide={guide} refresh={refresh} />
        </Page>
      )}
    </DetailState>
  )
}

function GuideScreen({ guide, refresh }: { guide: GuideView; refresh: () => void }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const ability = useAbility()
  const [now] = useState(() => Date.now())
  const toc = docHeadings(guide.body)
  const ack = useMutation({
    mutationFn: () => acknowledgeGuide(guide.id, guide.number),
    onSuccess: () => {
      snackbar.show(t('guides.reader.acknowledgedNow'), { color: 'success', icon: 'success' })
      refresh()
    },
    onError: (err) => snackbar.show(errorText(err, t), { color: 'error', icon: 'error' }),
  })

  return (
    <Stack gap="5" maxW="5xl">
      <Stack gap="1">
        <Text color="fg.muted" fontSize="sm">
          {guide.categoryName} · {t('guides.reader.versionOf', { number: guide.number, date: formatDate(guide.publishedAt, lang) })}
        </Text>
        <GuideBadges guide={guide} now={now} />
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
          <Alert.Root status="success" data-testid="guide-acknowledged-note">
            <Alert.Indicator />
            <Alert.Title>{t('guides.reader.youAcknowledged', { number: guide.number })}</Alert.Title>
          </Alert.Root>
        ) : (
          <Card.Root borderColor="orange.emphasized">
            <Card.Body>
              <HStack justify="space-between" wrap="wrap" gap="3">
                <Text>{guide.newVersion ? t('guides.reader.askAgain') : t('guides.reader.ask')}</Text>
                <Button colorPalette="brand" onClick={() => ack.mutate()} loading={ack.isPending} data-testid="guide-acknowledge">
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
