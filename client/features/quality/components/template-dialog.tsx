import { Badge, Box, Button, Fieldset, HStack, IconButton, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { zodResolver } from '@hookform/resolvers/zod'
import { useMemo } from 'react'
import { Controller, useFieldArray, useForm, useWatch, type Control, type FieldErrors, type Resolver, type UseFormRegister } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { qualityContentProblems, starterContent } from '../../../../shared/rules/quality'
import { zodErrorMap } from '../../../../shared/schemas/errors'
import { OPTIONS_MAX, QUESTION_KINDS, QUESTIONS_MAX, templateContentSchema, type Question, type TemplateContent } from '../../../../shared/schemas/quality'
import { FormDialog } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { createTemplate, type getTemplate, updateTemplate } from '../api/quality-api'
import { FormAlert } from '../../../components/ui/form-alert'
import { TextField, useFormDialog } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'

type Form = { name: string; providerId: string; content: TemplateContent }

const newId = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 10)}`
const blankText = { sv: '', en: '', fi: '' }
const newQuestion = (): Question => ({
  id: newId('q'),
  kind: 'scale',
  text: { ...blankText },
  required: true,
  weight: 1,
  nki: false,
  positive: 'yes',
  options: [],
})

/**
 * A template's editor (docs/decisions/045): name, provider, sampling, grade thresholds and questions. The same rules
 * as the server (shared/rules/quality.ts) check it before it is sent; a version with answers is never changed, so
 * saving then makes the next version, and the dialog says so before.
 */
export function TemplateDialog(props: {
  template: Awaited<ReturnType<typeof getTemplate>> | null
  onClose: () => void
  onSaved: (message: string) => void
  onConflict: () => void
}) {
  return <TemplateForm {...props} />
}

function TemplateForm(props: {
  template: Awaited<ReturnType<typeof getTemplate>> | null
  onClose: () => void
  onSaved: (message: string) => void
  onConflict: () => void
}) {
  const { t, i18n } = useTranslation()
  const existing = props.template
  const resolver = useMemo(
    () =>
      zodResolver(
        z.object({ name: z.string().trim().min(1).max(100), providerId: z.string(), content: templateContentSchema }).superRefine((value, ctx) => {
          for (const [field, key] of Object.entries(qualityContentProblems(value.content))) {
            ctx.addIssue({ code: 'custom', path: ['content', ...field.split('.')], message: t(key) })
          }
        }),
        { error: zodErrorMap(t) },
      ),
    [t],
  )
  const form = useForm<Form>({
    resolver: resolver as Resolver<Form>,
    defaultValues: {
      name: existing?.name ?? '',
      providerId: existing?.provider?.id ?? '',
      content: structuredClone(existing?.content ?? starterContent()),
    },
  })
  const questions = useFieldArray({ control: form.control, name: 'content.questions', keyName: 'key' })
  const { errors } = form.formState
  const providerId = useWatch({ control: form.control, name: 'providerId' })

  const dialog = useFormDialog(form, {
    onClose: props.onClose,
    onReload: props.onClose,
    fields: 'all',
    onConflict: props.onConflict,
    save: async (values) => {
      const input = { name: values.name.trim(), providerId: values.providerId || null, content: values.content }
      const saved = existing ? await updateTemplate(existing.id, { ...input, version: existing.version }) : await createTemplate(input)
      const message = !existing
        ? t('quality.templates.created', { name: saved.name })
        : saved.versionNumber > existing.versionNumber
          ? t('quality.templates.savedNewVersion', { name: saved.name, n: saved.versionNumber })
          : t('quality.templates.saved', { name: saved.name })
      props.onSaved(message)
      props.onClose()
    },
  })

  const contentErrors = errors.content
  return (
    <FormDialog
      title={existing ? t('quality.templates.editTitle', { name: existing.name }) : t('quality.templates.createTitle')}
      testId="quality-template-dialog"
      {...dialog.props}
      size="lg"
    >
      {existing?.locked ? (
        <Text fontSize="sm" bg="bg.muted" p="3" rounded="md" data-testid="quality-template-locked">
          {t('quality.templates.locked', {
            n: existing.versionNumber,
            count: existing.versions[0]?.answered ?? 0,
            next: existing.versionNumber + 1,
          })}
        </Text>
      ) : null}
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <TextField form={form} name="name" label={t('quality.templates.name')} autoComplete="off" required />
        <FormField label={t('quality.templates.provider')} error={errors.providerId}>
          <LookupNativeSelect
            kind="providers"
            label={t('quality.templates.provider')}
            emptyLabel={t('quality.templates.defaultProvider')}
            value={providerId || undefined}
            onChange={(v) => form.setValue('providerId', v ?? '')}
          />
        </FormField>
      </SimpleGrid>

      <SamplingFields register={form.register} errors={contentErrors?.sampling} />

      <GradesEditor control={form.control} register={form.register} errors={contentErrors?.grades} />

      <Fieldset.Root>
        <Fieldset.Legend fontWeight="semibold">{t('quality.templates.questions')}</Fieldset.Legend>
        <Text fontSize="xs" color="fg.muted">
          {t('quality.templates.scoreHelp')}
        </Text>
        {contentErrors?.questions?.message ? <FormAlert message={contentErrors.questions.message} fontSize="sm" /> : null}
        <Stack gap="3">
          {questions.fields.map((q, i) => (
            <QuestionEditor
              key={q.key}
              index={i}
              count={questions.fields.length}
              control={form.control}
              register={form.register}
              errors={contentErrors?.questions?.[i] as FieldErrors<Question> | undefined}
              onMove={(to) => questions.move(i, to)}
              onRemove={() => questions.remove(i)}
              setWeight={(w) => form.setValue(`content.questions.${i}.weight`, w)}
            />
          ))}
          <Box>
            <Button size="sm" variant="outline" disabled={questions.fields.length >= QUESTIONS_MAX} onClick={() => questions.append(newQuestion())}>
              {t('quality.templates.addQuestion')}
            </Button>
          </Box>
        </Stack>
      </Fieldset.Root>

      {existing && existing.versions.length > 0 ? (
        <Stack gap="1" data-testid="quality-template-versions">
          <Text fontWeight="semibold" fontSize="sm">
            {t('quality.templates.versions')}
          </Text>
          {existing.versions.map((v) => (
            <Text key={v.id} fontSize="sm" color="fg.muted">
              {t('quality.templates.versionLine', {
                n: v.number,
                date: formatDate(v.createdAt, i18n.language as FormatLanguage),
                by: v.createdBy ? ` (${v.createdBy})` : '',
                count: v.answered,
              })}
            </Text>
          ))}
        </Stack>
      ) : null}
    </FormDialog>
  )
}

/** Which sales get a survey: every sale of a new seller for their first days, then a share, and how often to try. */
function SamplingFields(props: { register: UseFormRegister<Form>; errors: FieldErrors<Form['content']['sampling']> | undefined }) {
  const { t } = useTranslation()
  const { register, errors } = props
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('quality.templates.sampling')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="3">
        <FormField label={t('quality.templates.newSellerDays')} error={errors?.newSellerDays} helper={t('quality.templates.newSellerDaysHelp')}>
          <Input type="number" inputMode="numeric" min={0} max={365} {...register('content.sampling.newSellerDays', { valueAsNumber: true })} />
        </FormField>
        <FormField label={t('quality.templates.sharePercent')} error={errors?.sharePercent}>
          <Input type="number" inputMode="numeric" min={0} max={100} {...register('content.sampling.sharePercent', { valueAsNumber: true })} />
        </FormField>
        <FormField label={t('quality.templates.maxAttempts')} error={errors?.maxAttempts}>
          <Input type="number" inputMode="numeric" min={1} max={10} {...register('content.sampling.maxAttempts', { valueAsNumber: true })} />
        </FormField>
      </SimpleGrid>
    </Fieldset.Root>
  )
}

function QuestionEditor(props: {
  index: number
  count: number
  control: Control<Form>
  register: UseFormRegister<Form>
  errors: FieldErrors<Question> | undefined
  onMove: (to: number) => void
  onRemove: () => void
  setWeight: (weight: number) => void
}) {
  const { t } = useTranslation()
  const { index: i, control, register, errors } = props
  const base = `content.questions.${i}` as const
  const options = useFieldArray({ control, name: `${base}.options`, keyName: 'key' })
  const kind = useWatch({ control, name: `${base}.kind` })
  const label = t('quality.templates.question', { n: i + 1 })
  return (
    <Box borderWidth="1px" rounded="md" p="3" data-testid="quality-question">
      <Stack gap="3">
        <QuestionHeader label={label} kind={kind} index={i} count={props.count} onMove={props.onMove} onRemove={props.onRemove} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <FormField label={t('quality.templates.questionKind')} error={errors?.kind}>
            <Controller
              control={control}
              name={`${base}.kind`}
              render={({ field }) => (
                <Choices
                  size="sm"
                  aria-label={`${t('quality.templates.questionKind')}: ${label}`}
                  value={field.value}
                  onChange={(e) => {
                    const next = e.currentTarget.value as Question['kind']
                    field.onChange(next)
                    // A free-text question is never scored.
                    if (next === 'text') props.setWeight(0)
                    if (next === 'choice' && options.fields.length === 0) {
                      options.append({ id: newId('o'), text: { ...blankText }, score: 100 })
                      options.append({ id: newId('o'), text: { ...blankText }, score: 0 })
                    }
                  }}
                  options={QUESTION_KINDS.map((k) => ({ value: k, label: t(`quality.kind.${k}`) }))}
                />
              )}
            />
          </FormField>
          <FormField label={t('quality.templates.weight')} error={errors?.weight}>
            <Input type="number" inputMode="numeric" min={0} max={10} disabled={kind === 'text'} {...register(`${base}.weight`, { valueAsNumber: true })} />
          </FormField>
        </SimpleGrid>
        <QuestionTexts register={register} base={base} errors={errors} />
        <HStack gap="5" flexWrap="wrap">
          <Controller
            control={control}
            name={`${base}.required`}
            render={({ field }) => (
              <Check checked={field.value} onChange={field.onChange} name={field.name} onBlur={field.onBlur} label={t('quality.templates.required')} />
            )}
          />
          {kind === 'scale' ? (
            <Controller
              control={control}
              name={`${base}.nki`}
              render={({ field }) => (
                <Check checked={field.value} onChange={field.onChange} name={field.name} onBlur={field.onBlur} label={t('quality.templates.nki')} />
              )}
            />
          ) : null}
          {kind === 'yesno' ? (
            <HStack gap="2">
              <Text fontSize="sm">{t('quality.templates.positive')}</Text>
              <Choices
                size="sm"
                root={{ width: 'auto' }}
                aria-label={`${t('quality.templates.positive')}: ${label}`}
                {...register(`${base}.positive`)}
                options={[
                  { value: 'yes', label: t('quality.surveys.yes') },
                  { value: 'no', label: t('quality.surveys.no') },
                ]}
              />
            </HStack>
          ) : null}
        </HStack>
        {kind === 'choice' ? (
          <Stack gap="2">
            <Text fontSize="sm" fontWeight="medium">
              {t('quality.templates.options')}
            </Text>
            {errors?.options?.message ? <FormAlert message={errors.options.message} fontSize="sm" /> : null}
            {options.fields.map((o, j) => (
              <SimpleGrid key={o.key} columns={{ base: 1, sm: 5 }} gap="2" alignItems="end" data-testid="quality-option">
                <FormField label={t('quality.templates.option', { n: j + 1 })} error={errors?.options?.[j]?.text?.sv} required>
                  <Input size="sm" autoComplete="off" {...register(`${base}.options.${j}.text.sv`)} />
                </FormField>
                <FormField label={t('quality.templates.textEn')}>
                  <Input size="sm" autoComplete="off" {...register(`${base}.options.${j}.text.en`)} />
                </FormField>
                <FormField label={t('quality.templates.textFi')}>
                  <Input size="sm" autoComplete="off" {...register(`${base}.options.${j}.text.fi`)} />
                </FormField>
                <FormField label={t('quality.templates.optionScore')} error={errors?.options?.[j]?.score}>
                  <Input size="sm" type="number" inputMode="numeric" min={0} max={100} {...register(`${base}.options.${j}.score`, { valueAsNumber: true })} />
                </FormField>
                <Button size="xs" variant="ghost" disabled={options.fields.length <= 2} onClick={() => options.remove(j)}>
                  {t('quality.templates.removeOption')}
                </Button>
              </SimpleGrid>
            ))}
            <Box>
              <Button
                size="xs"
                variant="outline"
                disabled={options.fields.length >= OPTIONS_MAX}
                onClick={() => options.append({ id: newId('o'), text: { ...blankText }, score: 0 })}
              >
                {t('quality.templates.addOption')}
              </Button>
            </Box>
          </Stack>
        ) : null}
      </Stack>
    </Box>
  )
}

/** A question's text in Swedish (required) and in English and Finnish (its readers get Swedish without them). */
function QuestionTexts(props: { register: UseFormRegister<Form>; base: `content.questions.${number}`; errors: FieldErrors<Question> | undefined }) {
  const { t } = useTranslation()
  const { register, base, errors } = props
  return (
    <>
      <FormField label={t('quality.templates.textSv')} error={errors?.text?.sv} required>
        <Input autoComplete="off" {...register(`${base}.text.sv`)} />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <FormField label={t('quality.templates.textEn')} error={errors?.text?.en}>
          <Input autoComplete="off" placeholder={t('quality.templates.textSv')} {...register(`${base}.text.en`)} />
        </FormField>
        <FormField label={t('quality.templates.textFi')} error={errors?.text?.fi}>
          <Input autoComplete="off" placeholder={t('quality.templates.textSv')} {...register(`${base}.text.fi`)} />
        </FormField>
      </SimpleGrid>
    </>
  )
}

/** A question's title and kind, with moving it up or down and removing it (the last one stays). */
function QuestionHeader(props: { label: string; kind: Question['kind']; index: number; count: number; onMove: (to: number) => void; onRemove: () => void }) {
  const { t } = useTranslation()
  const { label, kind, index, count, onMove, onRemove } = props
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="2">
      <HStack gap="2">
        <Text fontWeight="semibold">{label}</Text>
        <Badge variant="subtle">{t(`quality.kind.${kind}`)}</Badge>
      </HStack>
      <HStack gap="1">
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`${t('quality.templates.moveUp')}: ${label}`}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
        >
          ↑
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          aria-label={`${t('quality.templates.moveDown')}: ${label}`}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
        >
          ↓
        </IconButton>
        <Button size="xs" variant="ghost" colorPalette="red" disabled={count <= 1} onClick={onRemove}>
          {t('quality.templates.removeQuestion')}
        </Button>
      </HStack>
    </HStack>
  )
}

/** The grades a survey's score gives: each grade and the lowest score that reaches it (one to ten of them). */
function GradesEditor(props: { control: Control<Form>; register: UseFormRegister<Form>; errors: NonNullable<FieldErrors<Form>['content']>['grades'] }) {
  const { t } = useTranslation()
  const { register, errors } = props
  const grades = useFieldArray({ control: props.control, name: 'content.grades', keyName: 'key' })
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold">{t('quality.templates.grades')}</Fieldset.Legend>
      <Stack gap="2" data-testid="quality-template-grades">
        {grades.fields.map((g, i) => (
          <HStack key={g.key} align="flex-start" gap="2">
            <FormField label={t('quality.templates.grade')} error={errors?.[i]?.grade}>
              <Input maxW="24" autoComplete="off" {...register(`content.grades.${i}.grade`)} />
            </FormField>
            <FormField label={t('quality.templates.min')} error={errors?.[i]?.min}>
              <Input maxW="28" type="number" inputMode="decimal" min={0} max={100} {...register(`content.grades.${i}.min`, { valueAsNumber: true })} />
            </FormField>
            <Button mt="7" size="sm" variant="ghost" disabled={grades.fields.length <= 1} onClick={() => grades.remove(i)}>
              {t('quality.templates.removeGrade')}
            </Button>
          </HStack>
        ))}
        <Box>
          <Button size="xs" variant="outline" disabled={grades.fields.length >= 10} onClick={() => grades.append({ grade: '', min: 0 })}>
            {t('quality.templates.addGrade')}
          </Button>
        </Box>
      </Stack>
    </Fieldset.Root>
  )
}
