import { Badge, Box, HStack, Link, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink } from 'react-router'
import type { SurveyScriptCheck } from '../../../../shared/schemas/quality'
import { useAbility } from '../../../lib/session'

/** The sale's call as seller transcriptions checked it against the provider's script (docs/decisions/076). */
export function SurveyScriptCheckLine({ check }: { check: SurveyScriptCheck }) {
  const { t } = useTranslation()
  const ability = useAbility()
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid="survey-script-check">
      <Stack gap="1" fontSize="sm">
        <HStack justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{t('quality.surveys.scriptCheck.title')}</Text>
          <Badge variant="subtle" colorPalette={check.result === 'pass' ? 'green' : 'orange'}>
            {t(`quality.surveys.scriptCheck.${check.result}`)}
          </Badge>
        </HStack>
        {check.missing.length ? <Text>{t('quality.surveys.scriptCheck.missing', { phrases: check.missing.join(' · ') })}</Text> : null}
        {check.forbidden.length ? <Text>{t('quality.surveys.scriptCheck.forbidden', { phrases: check.forbidden.join(' · ') })}</Text> : null}
        {ability.can('view', 'seller_transcriptions') ? (
          <Link asChild colorPalette="brand">
            <RouterLink to={`/backoffice/sellertranscriptions/${check.transcriptionId}`}>{t('quality.surveys.scriptCheck.open')}</RouterLink>
          </Link>
        ) : null}
      </Stack>
    </Box>
  )
}
