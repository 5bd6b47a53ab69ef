import { Box, Button, Field, HStack, RadioGroup, Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { CHOSEN_REASONS, type LeadChoices } from '../../../../shared/rules/leads'
import type { LeadFormat } from '../../../../shared/schemas/leads'
import { Choices } from '../../../components/ui/choices'

/** For each reason, remove or mark; the output format (chosen, new or edited). */
export function RunSection(props: {
  choices: LeadChoices
  onChoices: (choices: LeadChoices) => void
  formats: LeadFormat[]
  formatId: string
  onFormat: (id: string) => void
  formatError?: string
  onNewFormat: () => void
  onEditFormat: () => void
}) {
  const { t } = useTranslation()
  return (
    <Stack gap="4">
      <Text color="fg.muted">{t('leads.choicesHelp')}</Text>
      <Table.Root size="sm" aria-label={t('leads.choices')} data-testid="lead-choices">
        <Table.Body>
          <Table.Row>
            <Table.Cell>{t('leads.reasons.blocked')}</Table.Cell>
            <Table.Cell textAlign="end" color="fg.muted" data-testid="lead-choice-blocked">
              {t('leads.alwaysDropped')}
            </Table.Cell>
          </Table.Row>
          {CHOSEN_REASONS.map((reason) => (
            <Table.Row key={reason}>
              <Table.Cell>{t(`leads.reasons.${reason}`)}</Table.Cell>
              <Table.Cell>
                <RadioGroup.Root
                  size="sm"
                  value={props.choices[reason]}
                  onValueChange={(e) => props.onChoices({ ...props.choices, [reason]: e.value as 'drop' | 'mark' })}
                  aria-label={t(`leads.reasons.${reason}`)}
                >
                  <HStack gap="4" justify="end">
                    {(['drop', 'mark'] as const).map((v) => (
                      <RadioGroup.Item key={v} value={v} data-testid={`lead-choice-${reason}-${v}`}>
                        <RadioGroup.ItemHiddenInput />
                        <RadioGroup.ItemIndicator />
                        <RadioGroup.ItemText>{t(`leads.${v}`)}</RadioGroup.ItemText>
                      </RadioGroup.Item>
                    ))}
                  </HStack>
                </RadioGroup.Root>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Field.Root invalid={!!props.formatError}>
        <Field.Label>{t('leads.format')}</Field.Label>
        <HStack gap="2" wrap="wrap" w="full">
          {props.formats.length ? (
            <Box flex="1" minW="12rem" maxW="md">
              <Choices
                value={props.formatId}
                onChange={(e) => props.onFormat(e.target.value)}
                options={props.formats.map((f) => ({ value: f.id, label: `${f.name} (${f.fileType.toUpperCase()})` }))}
                data-testid="lead-format"
              />
            </Box>
          ) : (
            <Text color="fg.muted">{t('leads.noFormats')}</Text>
          )}
          <Button size="sm" variant="outline" onClick={props.onNewFormat} data-testid="lead-new-format">
            {t('leads.newFormat')}
          </Button>
          {props.formatId ? (
            <Button size="sm" variant="ghost" onClick={props.onEditFormat}>
              {t('leads.editFormat')}
            </Button>
          ) : null}
        </HStack>
        <Field.ErrorText>{props.formatError}</Field.ErrorText>
      </Field.Root>
    </Stack>
  )
}
