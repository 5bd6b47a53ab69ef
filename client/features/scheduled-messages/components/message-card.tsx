import { SimpleGrid } from '@chakra-ui/react'
import { useWatch, type UseFormReturn } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { MESSAGE_CHANNELS } from '../../../../shared/schemas/scheduled-messages'
import { SelectField, TextField } from '../../../components/ui/form-kit'
import type { MessageForm } from '../model/message-form'
import { SectionCard } from '../../../components/ui/section-card'
import { Check } from '../../../components/ui/check'

/** The message's name, channel and sender (a new one also whether it starts active). */
export function MessageCard({ form, isNew }: { form: UseFormReturn<MessageForm>; isNew: boolean }) {
  const { t } = useTranslation()
  const active = useWatch({ control: form.control, name: 'active' })
  return (
    <SectionCard level="h2" title={t('scheduled.sections.message')}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <TextField form={form} name="name" label={t('scheduled.name')} helper={t('scheduled.nameHelp')} required maxLength={120} data-testid="message-name" />
        <SelectField
          form={form}
          name="channel"
          label={t('scheduled.channel')}
          options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: t(`scheduled.channels.${c}`) }))}
        />
        <TextField form={form} name="senderName" label={t('scheduled.senderName')} maxLength={120} />
        <TextField form={form} name="senderEmail" label={t('scheduled.senderEmail')} helper={t('scheduled.senderEmailHelp')} type="email" maxLength={254} />
        <TextField form={form} name="senderPhone" label={t('scheduled.senderPhone')} type="tel" maxLength={30} />
        {isNew ? (
          <Check
            alignSelf="end"
            checked={active}
            onChange={(checked) => form.setValue('active', checked)}
            data-testid="message-active"
            label={t('scheduled.active')}
          />
        ) : null}
      </SimpleGrid>
    </SectionCard>
  )
}
