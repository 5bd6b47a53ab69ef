import { Box, Button, Flex, Stack, Tabs, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { MESSAGE_FIELDS, MESSAGE_LANGUAGES, unknownFields, type MessageLanguage } from '../../../../shared/rules/scheduled-messages'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { TextAreaField, TextField } from '../../../components/ui/form-kit'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import type { MessageForm } from '../model/message-form'
import { usePreviewMessage } from '../api/scheduled-messages-queries'
import { SectionCard } from '../../../components/ui/section-card'
import { useDebounced } from '../../../lib/use-debounced'

/** What the preview is asked for: the languages written so far, the sender, and whose values fill the fields. */
function previewInput(values: MessageForm, previewUser: string | undefined) {
  return {
    templates: Object.fromEntries(
      MESSAGE_LANGUAGES.map((l) => [l, values.templates[l].subject.trim() || values.templates[l].body.trim() ? values.templates[l] : null]),
    ),
    senderName: values.senderName || null,
    senderEmail: values.senderEmail || null,
    senderPhone: values.senderPhone || null,
    ...(previewUser ? { userId: previewUser } : {}),
  }
}

/**
 * The message's texts, a tab per language (a blank one is not written: its readers get English, then Swedish), the
 * fields a text may use (a click adds one to the text), and a preview with the writer's own values.
 */
export function TextsCard({ form }: { form: UseFormReturn<MessageForm> }) {
  const { t } = useTranslation()
  const [tab, setTab] = useState<MessageLanguage>('sv')
  // Whose values the preview shows: the writer's own, or a recipient's the writer chooses.
  const [previewUser, setPreviewUser] = useState<string | undefined>(undefined)
  const values = useWatch({ control: form.control }) as MessageForm
  // Asked a moment after the writing stops.
  const wanted = useDebounced(previewInput(values, previewUser), 400)
  const any = Object.values(wanted.templates).some(Boolean)
  const preview = usePreviewMessage(wanted, { enabled: any })
  // A field the text names that does not exist, said at the field before anything is sent: "{{frstName}}".
  const knownFields = (text: unknown) => {
    const unknown = unknownFields(typeof text === 'string' ? text : '')
    return unknown.length === 0 || t('validation.templateField', { fields: unknown.map((f) => `{{${f}}}`).join(', ') })
  }
  const insert = (field: string) => {
    const name = `templates.${tab}.body` as const
    const now = form.getValues(name)
    form.setValue(name, `${now}${now && !now.endsWith(' ') ? ' ' : ''}{{${field}}}`, { shouldDirty: true })
  }
  return (
    <SectionCard level="h2" title={t('scheduled.sections.texts')} subtitle={t('scheduled.textHelp')}>
      <Stack gap="4">
        <Tabs.Root value={tab} onValueChange={(e) => setTab(e.value as MessageLanguage)} variant="line" size="sm">
          <Tabs.List>
            {MESSAGE_LANGUAGES.map((l) => (
              <Tabs.Trigger key={l} value={l} data-testid={`message-language-${l}`}>
                {t(`scheduled.language.${l}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {MESSAGE_LANGUAGES.map((l) => (
            <Tabs.Content key={l} value={l}>
              <Stack gap="3">
                <TextField
                  form={form}
                  name={`templates.${l}.subject`}
                  label={t('scheduled.subject')}
                  maxLength={200}
                  rules={{ validate: knownFields }}
                  data-testid={`message-subject-${l}`}
                />
                <TextAreaField
                  form={form}
                  name={`templates.${l}.body`}
                  label={t('scheduled.body')}
                  rules={{ validate: knownFields }}
                  rows={6}
                  maxLength={5000}
                  data-testid={`message-body-${l}`}
                />
              </Stack>
            </Tabs.Content>
          ))}
        </Tabs.Root>
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="2">
            {t('scheduled.fieldsTitle')}
          </Text>
          <Wrap gap="2">
            {MESSAGE_FIELDS.map((f) => (
              <Button
                key={f}
                size="xs"
                variant="outline"
                onClick={() => insert(f)}
                aria-label={t('scheduled.insertField', { field: t(`scheduled.fields.${f}`) })}
                title={`{{${f}}}`}
              >
                {t(`scheduled.fields.${f}`)}
              </Button>
            ))}
          </Wrap>
        </Box>
        <Box borderWidth="1px" borderRadius="md" p="4" bg="bg.subtle" data-testid="message-preview" aria-live="polite">
          <Flex justify="space-between" align="center" gap="3" wrap="wrap" mb="2">
            <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide">
              {t('scheduled.preview')}
            </Text>
            <Box minW="60">
              <LookupCombobox
                kind="users"
                label={t('scheduled.previewAs')}
                placeholder={t('scheduled.previewAs')}
                value={previewUser}
                onChange={setPreviewUser}
              />
            </Box>
          </Flex>
          {!any ? (
            <Text color="fg.muted">{t('scheduled.previewEmpty')}</Text>
          ) : preview.isError ? (
            <Text color="fg.error">{formErrorOf(preview.error, t).message}</Text>
          ) : preview.data ? (
            <Stack gap="2">
              <Text fontSize="sm" color="fg.muted">
                {t('scheduled.previewFor', { name: preview.data.recipientName, language: t(`scheduled.language.${preview.data.language}`) })}
              </Text>
              <Text fontWeight="semibold" data-testid="message-preview-subject">
                {preview.data.subject}
              </Text>
              <Text whiteSpace="pre-wrap" data-testid="message-preview-body">
                {preview.data.body}
              </Text>
              {/* A name that is no field stays as written in the preview, and is said so: it cannot be sent. */}
              {unknownFields(`${preview.data.subject}\n${preview.data.body}`).length ? (
                <Text fontSize="sm" color="fg.error" data-testid="message-preview-unknown">
                  {knownFields(`${preview.data.subject}\n${preview.data.body}`)}
                </Text>
              ) : null}
            </Stack>
          ) : null}
        </Box>
      </Stack>
    </SectionCard>
  )
}
