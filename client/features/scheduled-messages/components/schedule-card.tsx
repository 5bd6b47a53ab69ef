import { Checkbox, Fieldset, List, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react'
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form'
import { SelectField, TextField } from '../../../components/ui/form-kit'
import { fieldErrorText } from '../../../lib/field-error'
import { inZone, type MessageForm, type RecurrenceKind, scheduleOf } from '../model/message-form'
import { Check } from '../../../components/ui/check'
import { useLanguage } from '../../../lib/use-language'
import { useNextSendsOf } from '../api/scheduled-messages-queries'
import { SectionCard } from '../../../components/ui/section-card'
import { useDebounced } from '../../../lib/use-debounced'

const KINDS: RecurrenceKind[] = ['once', 'daily', 'weekly', 'monthly', 'monthlyWeekday']
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7]

/**
 * When the message goes: the recurrence in structured fields (a date, every day, weekdays, a day of the month or
 * "the first Monday"), an end date, quiet hours, what happens to an occurrence missed while the server was down,
 * and the next five sends as the server computes them, in the organisation's time zone.
 */
export function ScheduleCard({ form }: { form: UseFormReturn<MessageForm> }) {
  const { t, lang } = useLanguage()
  const values = useWatch({ control: form.control }) as MessageForm
  const { kind, quiet } = values
  const schedule = scheduleOf(values)
  const wanted = useDebounced(schedule, 300)
  const sends = useNextSendsOf(wanted)
  const dayOptions = [
    ...Array.from({ length: 31 }, (_, i) => ({ value: String(i + 1), label: `${i + 1}` })),
    { value: 'last', label: t('scheduled.recurrence.lastDay') },
  ]
  return (
    <SectionCard level="h2" title={t('scheduled.sections.schedule')}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <SelectField
            form={form}
            name="kind"
            label={t('scheduled.recurrence.kind')}
            options={KINDS.map((k) => ({ value: k, label: t(`scheduled.recurrence.kinds.${k}`) }))}
          />
          <TextField form={form} name="time" label={t('scheduled.recurrence.time')} type="time" required data-testid="message-time" />
          {kind === 'once' ? <TextField form={form} name="date" label={t('scheduled.recurrence.at')} type="date" required /> : null}
          {kind === 'monthly' ? <SelectField form={form} name="day" label={t('scheduled.recurrence.day')} options={dayOptions} /> : null}
          {kind === 'monthlyWeekday' ? (
            <>
              <SelectField
                form={form}
                name="nth"
                label={t('scheduled.recurrence.nth')}
                options={['1', '2', '3', '4', 'last'].map((n) => ({ value: n, label: t(`scheduled.recurrence.nths.${n}`) }))}
              />
              <SelectField
                form={form}
                name="weekday"
                label={t('scheduled.recurrence.weekday')}
                options={WEEKDAYS.map((d) => ({ value: String(d), label: t(`scheduled.weekdays.${d}`) }))}
              />
            </>
          ) : null}
          {kind !== 'once' ? <TextField form={form} name="endDate" label={t('scheduled.recurrence.endDate')} type="date" /> : null}
        </SimpleGrid>
        {kind === 'weekly' ? (
          <Controller
            control={form.control}
            name="days"
            render={({ field, fieldState }) => (
              // A fieldset, not a field: a field gives every control inside it one id, and the boxes' labels would all toggle the first.
              <Fieldset.Root invalid={!!fieldState.error}>
                <Fieldset.Legend fontSize="sm" fontWeight="medium">
                  {t('scheduled.recurrence.days')}
                </Fieldset.Legend>
                <Wrap gap="3" data-testid="message-weekdays">
                  {WEEKDAYS.map((d) => (
                    <Checkbox.Root
                      key={d}
                      checked={field.value.includes(d)}
                      onCheckedChange={(e) =>
                        field.onChange(e.checked === true ? [...field.value.filter((x) => x !== d), d] : field.value.filter((x) => x !== d))
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{t(`scheduled.weekdaysShort.${d}`)}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Wrap>
                {fieldState.error ? <Fieldset.ErrorText>{fieldErrorText(fieldState.error, t)}</Fieldset.ErrorText> : null}
              </Fieldset.Root>
            )}
          />
        ) : null}
        <Fieldset.Root>
          <Controller
            control={form.control}
            name="quiet"
            render={({ field }) => <Check checked={field.value} onChange={field.onChange} label={t('scheduled.recurrence.quiet')} />}
          />
          <Fieldset.HelperText>{t('scheduled.recurrence.quietHelp')}</Fieldset.HelperText>
          {quiet ? (
            <SimpleGrid columns={2} gap="3" maxW="sm">
              <TextField form={form} name="quietFrom" label={t('scheduled.recurrence.quietFrom')} type="time" />
              <TextField form={form} name="quietTo" label={t('scheduled.recurrence.quietTo')} type="time" />
            </SimpleGrid>
          ) : null}
        </Fieldset.Root>
        <SelectField
          form={form}
          name="missed"
          label={t('scheduled.recurrence.missed')}
          options={(['send', 'skip'] as const).map((m) => ({ value: m, label: t(`scheduled.recurrence.misseds.${m}`) }))}
        />
        <Stack gap="1" borderWidth="1px" borderRadius="md" p="3" data-testid="message-next-sends" aria-live="polite">
          <Text fontWeight="medium">{t('scheduled.recurrence.nextFive')}</Text>
          {sends.data ? (
            <>
              {sends.data.sends.length === 0 ? (
                <Text color="fg.muted">{t('scheduled.recurrence.nextNone')}</Text>
              ) : (
                <List.Root as="ol" ps="5">
                  {sends.data.sends.map((ms) => (
                    <List.Item key={ms} data-testid="message-next-send">
                      {inZone(ms, sends.data.timezone, lang)}
                    </List.Item>
                  ))}
                </List.Root>
              )}
              <Text fontSize="xs" color="fg.muted">
                {t('scheduled.recurrence.timezone', { timezone: sends.data.timezone })}
              </Text>
            </>
          ) : sends.isError ? (
            <Text color="fg.muted">{t('scheduled.recurrence.nextNone')}</Text>
          ) : (
            <Text color="fg.muted">…</Text>
          )}
        </Stack>
      </Stack>
    </SectionCard>
  )
}
