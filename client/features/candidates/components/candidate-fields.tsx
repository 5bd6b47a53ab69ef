import type { FieldValues, Path, UseFormReturn } from 'react-hook-form'
import { SimpleGrid } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { ICE_TYPES, TSHIRT_SIZES } from '../../../../shared/schemas/candidates'
import { SelectField, TextField } from '../../../components/ui/form-kit'
import type { OwnDetailsForm } from '../model/candidate-form'

/** The fields both the back office's dialog and the candidate's own page ask: sizes, food, licence, next of kin. */
type AboutValues = Pick<OwnDetailsForm, 'tshirtSize' | 'shoeSize' | 'favouriteCake' | 'specialDiet' | 'driversLicense' | 'iceType' | 'iceName' | 'icePhone'>

// The form's own value types (input, context, output) stay the caller's; these fields only register by name.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormOf<T extends FieldValues> = UseFormReturn<T, any, any>

/** Sizes, favourite cake, special diet and driving licence, for a grid of two columns. */
export function CandidateAboutFields<T extends AboutValues>({ form }: { form: FormOf<T> }) {
  const { t } = useTranslation()
  const name = (k: keyof AboutValues) => k as Path<T>
  return (
    <>
      <SelectField
        form={form}
        name={name('tshirtSize')}
        label={t('candidates.fields.tshirtSize')}
        options={TSHIRT_SIZES.map((s) => ({ value: s, label: s }))}
        empty={t('candidates.notGiven')}
      />
      <TextField form={form} name={name('shoeSize')} label={t('candidates.fields.shoeSize')} inputMode="decimal" autoComplete="off" />
      <TextField form={form} name={name('favouriteCake')} label={t('candidates.fields.favouriteCake')} autoComplete="off" />
      <TextField form={form} name={name('specialDiet')} label={t('candidates.fields.specialDiet')} autoComplete="off" />
      <SelectField
        form={form}
        name={name('driversLicense')}
        label={t('candidates.fields.driversLicense')}
        options={[
          { value: 'yes', label: t('candidates.yes') },
          { value: 'no', label: t('candidates.no') },
        ]}
        empty={t('candidates.notGiven')}
      />
    </>
  )
}

/** The person to call in an emergency: name, phone and how they are related, for a grid of two columns. */
export function CandidateIceFields<T extends AboutValues>({ form }: { form: FormOf<T> }) {
  const { t } = useTranslation()
  const name = (k: keyof AboutValues) => k as Path<T>
  return (
    <>
      <TextField form={form} name={name('iceName')} label={t('candidates.fields.iceName')} autoComplete="off" />
      <TextField form={form} name={name('icePhone')} label={t('candidates.fields.icePhone')} type="tel" autoComplete="off" />
      <SelectField
        form={form}
        name={name('iceType')}
        label={t('candidates.fields.iceType')}
        options={ICE_TYPES.map((x) => ({ value: x, label: t(`candidates.iceTypes.${x}`) }))}
        empty={t('candidates.notGiven')}
      />
    </>
  )
}

type BankValues = Pick<OwnDetailsForm, 'personalNumber' | 'bankClearing' | 'bankAccount'>

/**
 * The identity number and the bank account the salary goes to. The candidate's own page asks them (`required`,
 * with a word on the account); the back office's dialog may leave them as stored (`kept`: what is stored, masked).
 */
export function CandidateBankFields<T extends BankValues>(props: {
  form: FormOf<T>
  required?: boolean
  accountHelper?: string
  kept?: Partial<Record<keyof BankValues, string | null>> | null
}) {
  const { t } = useTranslation()
  const { form, required, kept } = props
  const name = (k: keyof BankValues) => k as Path<T>
  const field = { autoComplete: 'off', required }
  return (
    <>
      <TextField
        form={form}
        name={name('personalNumber')}
        label={t('candidates.fields.personalNumber')}
        helper={t('candidates.fields.personalNumberHint')}
        placeholder={kept?.personalNumber ?? undefined}
        {...field}
      />
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField
          form={form}
          name={name('bankClearing')}
          label={t('candidates.fields.bankClearing')}
          inputMode="numeric"
          placeholder={kept?.bankClearing ?? undefined}
          {...field}
        />
        <TextField
          form={form}
          name={name('bankAccount')}
          label={t('candidates.fields.bankAccount')}
          helper={props.accountHelper}
          inputMode="numeric"
          placeholder={kept?.bankAccount ?? undefined}
          {...field}
        />
      </SimpleGrid>
    </>
  )
}
