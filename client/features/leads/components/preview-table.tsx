import { Badge, HStack, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { LeadPreviewRow } from '../../../../shared/schemas/leads'
import { RecordTable } from '../../../components/ui/record-table'

/** The preview's rows: each number as read (E.164 and its kind, or why it cannot be one), the row's problems and what applies. */
export function PreviewTable({ rows }: { rows: LeadPreviewRow[] }) {
  const { t } = useTranslation()
  return (
    <RecordTable<LeadPreviewRow>
      label={t('leads.previewHeading', { count: rows.length })}
      rows={rows}
      rowKey={(r) => String(r.row)}
      testId="lead-preview"
      bordered
      columns={[
        { header: t('leads.previewRow'), cell: (r) => r.row, end: true },
        { header: t('leads.fields.name'), cell: (r) => r.name ?? '–', strong: true },
        {
          header: t('leads.previewNumbers'),
          cell: (r) => (
            <Stack gap="1">
              {r.phones.map((p) => (
                <HStack key={p.field} gap="2" wrap="wrap">
                  <Text fontFamily="mono" fontSize="sm" textDecoration={p.e164 ? undefined : 'line-through'}>
                    {p.e164 ?? p.text}
                  </Text>
                  <Badge size="sm" variant="subtle" colorPalette={p.e164 ? 'gray' : 'red'}>
                    {t(`leads.kinds.${p.kind ?? 'invalid'}`)}
                  </Badge>
                  {p.nix ? (
                    <Badge size="sm" variant="solid" colorPalette="orange">
                      NIX
                    </Badge>
                  ) : null}
                </HStack>
              ))}
            </Stack>
          ),
        },
        {
          header: t('leads.previewProblems'),
          hideBelow: 'sm',
          cell: (r) =>
            r.problems.length ? (
              <Text fontSize="sm" color="fg.error">
                {r.problems.join(' · ')}
              </Text>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {t('leads.noProblems')}
              </Text>
            ),
        },
        {
          header: t('leads.previewMarks'),
          cell: (r) => (
            <HStack gap="1" wrap="wrap">
              {r.applies.map((a) => (
                <Badge key={a} size="sm" variant="subtle" colorPalette={a === 'customer' ? 'blue' : 'orange'}>
                  {t(`leads.reasons.${a}`)}
                </Badge>
              ))}
            </HStack>
          ),
        },
      ]}
    />
  )
}
