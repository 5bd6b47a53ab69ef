import { Separator, SimpleGrid, Text } from '@chakra-ui/react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { CandidateDetail } from '../../../../shared/schemas/candidates'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField, TextField, useFormDialog, useZodCheck } from '../../../components/ui/form-kit'
import { CandidateAboutFields, CandidateBankFields, CandidateIceFields } from './candidate-fields'
import { createCandidate, updateCandidate } from '../api/candidates-api'
import { candidateToForm, createFormSchema, formToCreate, formToUpdate, newCandidateForm, updateFormSchema, type CandidateForm } from '../model/candidate-form'

export type CandidateChoices = {
  regions: Array<{ id: string; name: string }>
  recruiters: Array<{ id: string; name: string }>
  teams: Array<{ id: string; name: string; regionId: string }>
  /** the cloud directory the accounts step makes an account in, or none */
  directory: 'graph' | 'ldap' | null
}

const CREATE_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'language', 'regionId', 'recruiterId', 'startDate'] as const

/**
 * Adding a candidate (name, contact, region, recruiter, start) or editing one (everything, the identity and bank
 * numbers only when typed: empty keeps them), with the shared schema's messages on the fields.
 */
export function CandidateDialog(props: {
  open: boolean
  onClose: () => void
  onSaved: (id: string) => void
  onReload?: () => void
  candidate: CandidateDetail | null
  choices: CandidateChoices
  defaults: { regionId?: string | null; recruiterId?: string | null }
  /** may choose another recruiter than themselves */
  chooseRecruiter: boolean
}) {
  const { t } = useTranslation()
  const editing = props.candidate !== null
  // The form's text mapped to the API's input and checked with the API's own schema.
  const resolver = useZodCheck<CandidateForm>(editing ? updateFormSchema : createFormSchema)
  const form = useForm<CandidateForm>({
    resolver,
    defaultValues: props.candidate ? candidateToForm(props.candidate) : newCandidateForm(props.defaults),
  })
  const dialog = useFormDialog(form, {
    open: props.open,
    onClose: props.onClose,
    onReload: props.onReload,
    fields: 'all',
    save: async (values) => {
      if (props.candidate) {
        await updateCandidate(props.candidate.id, formToUpdate(values))
        props.onSaved(props.candidate.id)
      } else {
        const { id } = await createCandidate(formToCreate(values))
        props.onSaved(id)
      }
    },
  })
  const languages = (['sv', 'en', 'fi'] as const).map((l) => ({ value: l, label: t(`candidates.languages.${l}`) }))
  const regions = props.choices.regions.map((r) => ({ value: r.id, label: r.name }))
  const recruiters = props.choices.recruiters.map((r) => ({ value: r.id, label: r.name }))
  return (
    <FormDialog title={editing ? t('candidates.edit') : t('candidates.add')} testId="candidate-dialog" {...dialog.props} size="lg" scroll>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="firstName" label={t('candidates.fields.firstName')} autoComplete="off" required />
        <TextField form={form} name="lastName" label={t('candidates.fields.lastName')} autoComplete="off" required />
        <TextField form={form} name="email" label={t('candidates.fields.email')} type="email" autoComplete="off" required />
        <TextField form={form} name="phone" label={t('candidates.fields.phone')} type="tel" autoComplete="off" />
        <SelectField form={form} name="regionId" label={t('candidates.fields.region')} options={regions} empty={t('candidates.filters.region')} required />
        <SelectField form={form} name="language" label={t('candidates.fields.language')} options={languages} />
        {props.chooseRecruiter || editing ? (
          <SelectField form={form} name="recruiterId" label={t('candidates.fields.recruiter')} options={recruiters} empty={editing ? undefined : '—'} />
        ) : null}
        <TextField form={form} name="startDate" label={t('candidates.fields.startDate')} type="date" />
      </SimpleGrid>
      {editing ? (
        <>
          <Separator />
          <Text fontWeight="semibold">{t('candidates.page.personal')}</Text>
          <TextField form={form} name="address" label={t('candidates.fields.address')} autoComplete="off" />
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <TextField form={form} name="postalCode" label={t('candidates.fields.postalCode')} autoComplete="off" />
            <TextField form={form} name="city" label={t('candidates.fields.city')} autoComplete="off" />
            <CandidateAboutFields form={form} />
            <CandidateIceFields form={form} />
          </SimpleGrid>
          <Separator />
          <Text fontWeight="semibold">{t('candidates.page.privateData')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('candidates.fields.keepHint')}
          </Text>
          <CandidateBankFields form={form} kept={props.candidate?.private} />
        </>
      ) : null}
    </FormDialog>
  )
}
export { CREATE_FIELDS }
