import { Field, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { LEAD_FIELDS, type LeadField, type LeadMapping } from '../../../../shared/rules/leads'
import { Choices } from '../../../components/ui/choices'

/** Which column of the file holds which field: one select per field, the file's headings to choose from. */
export function MappingSection(props: {
  headers: string[]
  mapping: LeadMapping
  remembered: boolean
  errors: Partial<Record<string, string>>
  onChange: (mapping: LeadMapping) => void
}) {
  const { t } = useTranslation()
  const set = (field: LeadField, header: string) => props.onChange({ ...props.mapping, [field]: header || null })
  return (
    <Stack gap="3">
      <Text color="fg.muted">{props.remembered ? t('leads.mappingRemembered') : t('leads.mappingHelp')}</Text>
      {props.errors.mapping ? (
        <Text color="fg.error" data-testid="lead-mapping-error">
          {props.errors.mapping}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
        {LEAD_FIELDS.map((field) => (
          <Field.Root key={field} invalid={!!props.errors[field]}>
            <Field.Label>{t(`leads.fields.${field}`)}</Field.Label>
            <Choices
              size="sm"
              value={props.mapping[field] ?? ''}
              onChange={(e) => set(field, e.target.value)}
              empty={t('leads.notMapped')}
              options={props.headers.map((h) => ({ value: h, label: h }))}
              data-testid={`lead-map-${field}`}
            />
            <Field.ErrorText>{props.errors[field]}</Field.ErrorText>
          </Field.Root>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
