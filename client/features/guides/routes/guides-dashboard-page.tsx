import { Box, Card, Heading, HStack, Input, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import { loadGuideIndex } from '../../../../shared/search/guide-search'
import type { GuideLanguage, GuidesDashboard, GuideSummary } from '../../../../shared/schemas/guides'
import { formatTime, type FormatLanguage } from '../../../../shared/format'
import { storedSize, useGuidesStore, useLocalAcks, useStoredGuides, withLocalAck } from '../api/guides-store'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { CategoryIconView } from '../components/category-icon'
import { EmbedFrame } from '../components/embed-frame'
import { GuideBadges } from '../components/guide-badges'
import { SectionCard } from '../../../components/ui/section-card'
import { useGuidesDashboard, useGuidesSearchIndex, useRefreshStoredGuides } from '../api/guides-queries'

/**
 * /guides/dashboard (docs/decisions/069): the guides the reader may read, by category, the must-read ones they have
 * not acknowledged first; a search over them in their language that understands word forms; their embeds.
 */
export default function GuidesDashboardPage() {
  const { t, i18n } = useTranslation()
  const [now] = useState(() => Date.now())
  const [q, setQ] = useState('')
  const store = useGuidesStore()
  const stored = useStoredGuides(store.db)
  const acks = useLocalAcks(store.db)
  // With no network the guides come from the device, as they were last saved.
  const dashboard = useGuidesDashboard(store.db)
  // The snapshot the phone reads with no network, kept fresh while there is one.
  useRefreshStoredGuides(store.db)
  const index = useGuidesSearchIndex(store.db, q.trim() !== '')
  const language = (['sv', 'en', 'fi'].includes(i18n.language) ? i18n.language : 'sv') as GuideLanguage
  const search = useMemo(() => (index.data ? loadGuideIndex(index.data.value.index, language) : null), [index.data, language])
  const fromDevice = dashboard.data?.savedAt ?? null
  const hits = search && q.trim() !== '' ? search.search(q) : null

  return (
    <Page title={t('routes.guides-dashboard')}>
      <Stack gap="6">
        <Input
          type="search"
          placeholder={t('guides.reader.searchPlaceholder')}
          aria-label={t('guides.reader.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-testid="guides-search"
          maxW={{ md: 'lg' }}
        />
        {fromDevice !== null ? (
          <Text fontSize="sm" color="fg.muted" data-testid="guides-from-device">
            {t('guides.reader.fromDevice', { time: formatTime(fromDevice, i18n.language as FormatLanguage) })}
          </Text>
        ) : null}
        <QueryState
          query={dashboard}
          isEmpty={(d) => d.value.categories.length === 0 && d.value.embeds.length === 0}
          empty={t('guides.reader.empty')}
          emptyTestId="guides-empty"
        >
          {(answer) => {
            const data = withDeviceAcks(answer.value, acks)
            const byId = new Map(data.categories.flatMap((c) => c.guides).map((g) => [g.id, g]))
            if (q.trim() !== '') {
              return (
                <Stack gap="2" data-testid="guides-search-results" aria-live="polite">
                  {hits === null ? (
                    <Text color="fg.muted">{t('guides.reader.searching')}</Text>
                  ) : hits.length === 0 ? (
                    <Text color="fg.muted">{t('guides.reader.noHits', { q: q.trim() })}</Text>
                  ) : (
                    hits.map((h) => {
                      const g = byId.get(h.id)
                      return g ? <GuideRow key={h.id} guide={g} now={now} /> : null
                    })
                  )}
                </Stack>
              )
            }
            return (
              <Stack gap="6">
                {data.toAcknowledge.length > 0 ? (
                  <SectionCard
                    title={t('guides.reader.toAcknowledge', { count: data.toAcknowledge.length })}
                    borderColor="orange.emphasized"
                    data-testid="guides-to-acknowledge"
                  >
                    <Stack gap="2">
                      {data.toAcknowledge.map((g) => (
                        <GuideRow key={g.id} guide={g} now={now} />
                      ))}
                    </Stack>
                  </SectionCard>
                ) : null}
                <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
                  {data.categories.map((c) => (
                    <Card.Root key={c.id} data-testid="guide-category">
                      <Card.Header>
                        <HStack gap="2">
                          <Box color="brand.fg">
                            <CategoryIconView icon={c.icon} size={22} />
                          </Box>
                          <Heading size="md" as="h2">
                            {c.name}
                          </Heading>
                        </HStack>
                        {c.description ? (
                          <Text color="fg.muted" fontSize="sm">
                            {c.description}
                          </Text>
                        ) : null}
                      </Card.Header>
                      <Card.Body>
                        <Stack gap="2">
                          {c.guides.map((g) => (
                            <GuideRow key={g.id} guide={g} now={now} />
                          ))}
                        </Stack>
                      </Card.Body>
                    </Card.Root>
                  ))}
                </SimpleGrid>
                {data.embeds.length > 0 ? (
                  <Stack gap="4" data-testid="guides-embeds">
                    <Heading size="md" as="h2">
                      {t('guides.reader.embeds')}
                    </Heading>
                    {data.embeds.map((e) => (
                      <Box key={e.id}>
                        <Text fontWeight="medium" mb="2">
                          {e.name}
                        </Text>
                        <EmbedFrame embed={e} />
                      </Box>
                    ))}
                  </Stack>
                ) : null}
                {stored ? (
                  <Text fontSize="xs" color="fg.subtle" data-testid="guides-stored-size">
                    {t('guides.reader.storedSize', {
                      kb: Math.max(1, Math.round(storedSize(stored) / 1024)),
                      time: formatTime(stored.savedAt, i18n.language as FormatLanguage),
                    })}
                  </Text>
                ) : null}
              </Stack>
            )
          }}
        </QueryState>
      </Stack>
    </Page>
  )
}

/** The dashboard with the acknowledgements made on this device counted (they reach the server with the sync). */
function withDeviceAcks(d: GuidesDashboard, acks: Map<string, number>): GuidesDashboard {
  if (acks.size === 0) return d
  const categories = d.categories.map((c) => ({ ...c, guides: c.guides.map((g) => withLocalAck(g, acks)) }))
  return { ...d, categories, toAcknowledge: d.toAcknowledge.map((g) => withLocalAck(g, acks)).filter((g) => g.acknowledged === false) }
}

function GuideRow({ guide, now }: { guide: GuideSummary; now: number }) {
  return (
    <Box data-testid="guide-row" py="1">
      <HStack justify="space-between" align="start" gap="2" wrap="wrap">
        <ChakraLink asChild fontWeight="medium" colorPalette="brand">
          <Link to={pathFor('guides-dashboard-view-guide', { id: guide.id })}>{guide.title}</Link>
        </ChakraLink>
        <GuideBadges guide={guide} now={now} />
      </HStack>
      {guide.summary ? (
        <Text color="fg.muted" fontSize="sm">
          {guide.summary}
        </Text>
      ) : null}
    </Box>
  )
}
