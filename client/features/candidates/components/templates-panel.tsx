import { Button, Card, Code, Field, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { TEMPLATE_FIELDS } from '../../../../shared/rules/candidates'
import {
  CANDIDATE_LANGUAGES,
  CONTRACT_KINDS,
  contractTemplateSchema,
  type CandidateLanguage,
  type ContractKind,
  type ContractTemplate,
} from '../../../../shared/schemas/candidates'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextAreaField, TextField, useZodResolver } from '../../../components/ui/form-kit'
import { QueryState } from '../../../components/ui/load-error'
import { ApiClientError, applyFieldErrors, errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { saveContractTemplate } from '../api/candidates-api'
import { Choices } from '../../../components/ui/choices'
import { useContractTemplates, useRefreshCandidatesTemplates } from '../api/candidates-queries'

/**
 * The contract templates (docs/decisions/070): one per kind and language; the text with the candidate's fields in
 * double braces; saved on the version read.
 */
export function TemplatesPanel() {
  const { t } = useTranslation()
  const [kind, setKind] = useState<ContractKind>('work')
  const [language, setLanguage] = useState<CandidateLanguage>('sv')
  const templates = useContractTemplates()
  return (
    <Stack gap="4" maxW="4xl">
      <Text color="fg.muted">{t('candidates.templates.intro', { example: '{{firstName}}' })}</Text>
      <HStack gap="3" wrap="wrap">
        <Field.Root width="auto">
          <Field.Label>{t('candidates.templates.kind')}</Field.Label>
          <Choices
            size="sm"
            value={kind}
            onChange={(e) => setKind(e.target.value as ContractKind)}
            data-testid="template-kind"
            options={CONTRACT_KINDS.map((k) => ({ value: k, label: t(`candidates.templates.kinds.${k}`) }))}
          />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label>{t('candidates.templates.language')}</Field.Label>
          <Choices
            size="sm"
            value={language}
            onChange={(e) => setLanguage(e.target.value as CandidateLanguage)}
            data-testid="template-language"
            options={CANDIDATE_LANGUAGES.map((l) => ({ value: l, label: t(`candidates.languages.${l}`) }))}
          />
        </Field.Root>
      </HStack>
      <QueryState query={templates} isEmpty={() => false}>
        {(data) => {
          const current = data.items.find((x) => x.kind === kind && x.language === language) ?? null
          return <TemplateForm key={`${kind}-${language}-${current?.version ?? 0}`} kind={kind} language={language} template={current} />
        }}
      </QueryState>
    </Stack>
  )
}

function TemplateForm(props: { kind: ContractKind; language: CandidateLanguage; template: ContractTemplate | null }) {
  const { t, i18n } = useTranslation()
  const refreshCandidatesTemplates = useRefreshCandidatesTemplates()
  const form = useForm({
    resolver: useZodResolver(contractTemplateSchema),
    defaultValues: {
      kind: props.kind,
      language: props.language,
      title: props.template?.title ?? '',
      body: props.template?.body ?? '',
      version: props.template?.version ?? null,
    },
  })
  const error = form.formState.errors.root?.message
  const submit = form.handleSubmit(async (values) => {
    try {
      await saveContractTemplate(values)
      snackbar.success(t('candidates.templates.saved'))
      await refreshCandidatesTemplates()
    } catch (err) {
      if (!applyFieldErrors(err, (name, e) => form.setError(name, e), ['title', 'body']))
        form.setError('root', { message: err instanceof ApiClientError ? errorText(err, t) : String(err) })
    }
  })
  return (
    <Card.Root>
      <Card.Body>
        <form onSubmit={submit} noValidate data-testid="template-form">
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {props.template
                ? t('candidates.templates.updated', { date: formatDate(props.template.updatedAt, i18n.language as FormatLanguage) })
                : t('candidates.templates.missing')}
            </Text>
            {error ? <FormAlert message={error} /> : null}
            <TextField form={form} name="title" label={t('candidates.templates.title')} autoComplete="off" required />
            <TextAreaField form={form} name="body" label={t('candidates.templates.body')} helper={t('candidates.templates.bodyHint')} rows={16} required />
            <Stack gap="1">
              <Text fontSize="sm" fontWeight="medium">
                {t('candidates.templates.fields')}
              </Text>
              <Wrap gap="1">
                {TEMPLATE_FIELDS.map((f) => (
                  <Code key={f} size="sm">{`{{${f}}}`}</Code>
                ))}
              </Wrap>
            </Stack>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={form.formState.isSubmitting}>
              {t('candidates.templates.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  )
}
