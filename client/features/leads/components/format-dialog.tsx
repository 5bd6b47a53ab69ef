import { Box, Button, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useFieldArray, useWatch } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { LEAD_DELIMITERS, LEAD_ENCODINGS, LEAD_FILE_TYPES, LEAD_OUTPUT_FIELDS } from '../../../../shared/rules/leads'
import { leadFormatInputSchema, type LeadFormat } from '../../../../shared/schemas/leads'
import { Choices } from '../../../components/ui/choices'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { saveLeadFormat } from '../api/leads-api'
import { defaultColumns, moved, nextField } from '../model/format-columns'

/**
 * An output format (docs/decisions/075): its name, CSV or XLSX, a CSV's delimiter and encoding, and its columns in
 * order, each a field and the heading the file gives it. A new one starts from what a dialer needs first.
 */
export function FormatDialog({ format, onClose, onSaved }: { format: LeadFormat | null; onClose: () => void; onSaved: (saved: LeadFormat) => void }) {
  const { t } = useTranslation()
  const heading = (field: string) => t(`leads.fields.${field}`)
  const form = useSchemaForm(leadFormatInputSchema, {
    defaultValues: format
      ? {
          name: format.name,
          fileType: format.fileType,
          delimiter: format.delimiter,
          encoding: format.encoding,
          columns: format.columns,
          version: format.version,
        }
      : { name: '', fileType: 'csv', delimiter: ';', encoding: 'utf-8-bom', columns: defaultColumns(heading) },
  })
  const columns = useFieldArray({ control: form.control, name: 'columns' })
  const fileType = useWatch({ control: form.control, name: 'fileType' })
  const current = useWatch({ control: form.control, name: 'columns' })
  const dialog = useFormDialog(form, {
    fields: ['name', 'columns'],
    onClose,
    save: async (values) => onSaved(await saveLeadFormat(format?.id ?? null, values)),
  })
  const move = (index: number, by: -1 | 1) => form.setValue('columns', moved(form.getValues('columns'), index, by))
  const columnsError = form.formState.errors.columns?.message ?? form.formState.errors.columns?.root?.message
  return (
    <FormDialog title={format ? t('leads.editFormat') : t('leads.newFormat')} testId="lead-format-dialog" size="lg" scroll {...dialog.props}>
      <TextField form={form} name="name" label={t('leads.formatDialog.name')} required data-testid="lead-format-name" />
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <SelectField
          form={form}
          name="fileType"
          label={t('leads.formatDialog.fileType')}
          options={LEAD_FILE_TYPES.map((v) => ({ value: v, label: v.toUpperCase() }))}
        />
        {fileType === 'csv' ? (
          <>
            <SelectField
              form={form}
              name="delimiter"
              label={t('leads.formatDialog.delimiter')}
              options={LEAD_DELIMITERS.map((v) => ({ value: v, label: t(`leads.formatDialog.delimiters.${v === '\t' ? 'tab' : v}`) }))}
            />
            <SelectField
              form={form}
              name="encoding"
              label={t('leads.formatDialog.encoding')}
              options={LEAD_ENCODINGS.map((v) => ({ value: v, label: t(`leads.formatDialog.encodings.${v}`) }))}
            />
          </>
        ) : null}
      </SimpleGrid>
      <Stack gap="2">
        <Text fontWeight="semibold">{t('leads.formatDialog.columns')}</Text>
        {columnsError ? (
          <Text color="fg.error" fontSize="sm">
            {columnsError}
          </Text>
        ) : null}
        {columns.fields.map((column, index) => (
          <HStack key={column.id} gap="2" align="center" data-testid="lead-format-column">
            <Stack direction={{ base: 'column', sm: 'row' }} gap="2" flex="1" minW="0">
              <Box flex="1" minW="0">
                <Choices
                  size="sm"
                  aria-label={t('leads.formatDialog.field')}
                  options={LEAD_OUTPUT_FIELDS.map((f) => ({ value: f, label: heading(f) }))}
                  {...form.register(`columns.${index}.field`)}
                />
              </Box>
              <Input flex="1" minW="0" size="sm" aria-label={t('leads.formatDialog.header')} {...form.register(`columns.${index}.header`)} />
            </Stack>
            <IconButton size="sm" variant="ghost" aria-label={t('leads.formatDialog.up')} disabled={index === 0} onClick={() => move(index, -1)}>
              ↑
            </IconButton>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('leads.formatDialog.down')}
              disabled={index === columns.fields.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </IconButton>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('leads.formatDialog.remove')}
              disabled={columns.fields.length === 1}
              onClick={() => columns.remove(index)}
            >
              ✕
            </IconButton>
          </HStack>
        ))}
        <Box>
          <Button
            size="sm"
            variant="outline"
            disabled={columns.fields.length >= 40}
            onClick={() => {
              const field = nextField(current ?? [], LEAD_OUTPUT_FIELDS)
              columns.append({ field, header: heading(field) })
            }}
          >
            {t('leads.formatDialog.addColumn')}
          </Button>
        </Box>
      </Stack>
    </FormDialog>
  )
}
