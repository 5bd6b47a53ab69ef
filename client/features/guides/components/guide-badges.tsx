import { Badge, HStack } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { RECENT_MS } from '../../../../shared/rules/guides'
import type { GuideSummary } from '../../../../shared/schemas/guides'

/** What a reader should know of a guide at a glance: must read (or acknowledged), a new version, recently updated. */
export function GuideBadges({ guide, now }: { guide: GuideSummary; now: number }) {
  const { t } = useTranslation()
  const recent = now - guide.publishedAt < RECENT_MS
  return (
    <HStack gap="1" wrap="wrap">
      {guide.acknowledged === false ? (
        <Badge colorPalette="orange" data-testid="guide-must-read">
          {t('guides.reader.mustRead')}
        </Badge>
      ) : null}
      {guide.acknowledged === true ? (
        <Badge colorPalette="green" data-testid="guide-acknowledged">
          {t('guides.reader.acknowledged')}
        </Badge>
      ) : null}
      {guide.newVersion ? (
        <Badge colorPalette="blue" data-testid="guide-new-version">
          {t('guides.reader.newVersion')}
        </Badge>
      ) : recent ? (
        <Badge colorPalette="gray">{t('guides.reader.updated')}</Badge>
      ) : null}
    </HStack>
  )
}
