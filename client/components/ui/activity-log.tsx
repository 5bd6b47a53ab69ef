import { Box, Stack, Text } from '@chakra-ui/react'
import { formatDate, formatTime } from '../../../shared/format'
import type { ActivityLine } from '../../../shared/schemas/activity'
import { useLanguage } from '../../lib/use-language'
import { SectionCard } from './section-card'

/**
 * An entity's activity log as a card (catalog items, customers): each line's action, when and by whom, and the
 * fields it changed, before → after, by their labels. Fields without a label (ids, versions) are left out.
 * The action names and the card's words are core's `activityLog.*`.
 */
export function ActivityLog({
  lines,
  fieldLabel,
  formatValue,
  testId,
  title,
}: {
  lines: ActivityLine[]
  fieldLabel: (field: string) => string | undefined
  formatValue?: (field: string, value: unknown) => string | undefined
  testId?: string
  title?: string
}) {
  const { t, lang } = useLanguage()
  const show = (field: string, v: unknown) => {
    const formatted = formatValue?.(field, v)
    if (formatted !== undefined) return formatted
    if (v === null || v === undefined || v === '') return '–'
    if (typeof v === 'boolean') return v ? '✓' : '✗'
    return String(v)
  }
  return (
    <SectionCard title={title ?? t('activityLog.title')} data-testid={testId}>
      {lines.length === 0 ? (
        <Text color="fg.muted">{t('activityLog.empty')}</Text>
      ) : (
        <Stack gap="3" as="ol">
          {lines.map((a, i) => {
            const fields = Object.keys(a.after ?? a.before ?? {}).filter((k) => fieldLabel(k))
            const action = t(`activityLog.actions.${a.action}`, { defaultValue: a.action })
            return (
              <Box as="li" key={`${a.at}-${i}`} listStyleType="none" borderStartWidth="2px" ps="3">
                <Text fontWeight="medium">
                  {action}{' '}
                  <Text as="span" fontSize="sm" color="fg.muted" fontWeight="normal">
                    {formatDate(a.at, lang)} {formatTime(a.at, lang)} ·{' '}
                    {a.actingAs
                      ? t('activityLog.byAs', { name: a.actor?.name || t('activityLog.system'), as: a.actingAs.name })
                      : t('activityLog.by', { name: a.actor?.name || t('activityLog.system') })}
                  </Text>
                </Text>
                {fields.map((k) => (
                  <Text key={k} fontSize="sm" color="fg.muted">
                    {fieldLabel(k)}: {a.before && k in a.before ? `${show(k, a.before[k])} → ${show(k, a.after?.[k])}` : show(k, a.after?.[k])}
                  </Text>
                ))}
                {a.reason ? (
                  <Text fontSize="sm" color="fg.muted" fontStyle="italic">
                    {a.reason}
                  </Text>
                ) : null}
              </Box>
            )
          })}
        </Stack>
      )}
    </SectionCard>
  )
}
