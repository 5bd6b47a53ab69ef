import { Button, Heading, Input, SimpleGrid, Stack } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { TSHIRT_SIZES, updateProfileInputSchema, type Profile } from '../../../../shared/schemas/profile'
import { FormField } from '../../../components/ui/form-field'
import { ApiClientError, applyFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { TextField, useSchemaForm } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { useUpdateProfile } from '../api/profile-queries'

type FormIn = z.input<typeof updateProfileInputSchema>
type Field = keyof FormIn
const FIELDS = Object.keys(updateProfileInputSchema.shape) as Field[]

/** The account tab: name, contact, sizes and diet, and the person to call in an emergency. */
export function AccountForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation()
  const form = useSchemaForm(updateProfileInputSchema, {
    defaultValues: {
      firstName: profile.firstName,
      lastName: profile.lastName,
      shortName: profile.shortName ?? '',
      phone: profile.phone ?? '',
      shoeSize: profile.shoeSize ?? '',
      tshirtSize: profile.tshirtSize ?? null,
      specialDiet: profile.specialDiet ?? '',
      favouriteCake: profile.favouriteCake ?? '',
      iceName: profile.iceName ?? '',
      icePhone: profile.icePhone ?? '',
      iceRelation: profile.iceRelation ?? '',
    },
  })
  const save = useUpdateProfile({
    onSuccess: () => snackbar.success(t('profile.saved')),
    onError: (err) => {
      if (!applyFieldErrors(err, form.setError, FIELDS)) snackbar.error(err instanceof ApiClientError ? err.message : t('errors.network'))
    },
  })
  const e = form.formState.errors
  const text = (name: Field, label: string, props: Record<string, unknown> = {}) => (
    <FormField label={label} error={e[name]}>
      <Input {...props} {...form.register(name)} />
    </FormField>
  )

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="6" maxW="3xl">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <TextField form={form} name="firstName" label={t('users.firstName')} autoComplete="given-name" required />
          <TextField form={form} name="lastName" label={t('users.lastName')} autoComplete="family-name" required />
          {text('shortName', t('profile.shortName'))}
          {text('phone', t('profile.phone'), { type: 'tel', autoComplete: 'tel' })}
        </SimpleGrid>
        <Heading as="h3" size="sm">
          {t('profile.sizesAndDiet')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('shoeSize', t('profile.shoeSize'), { inputMode: 'decimal' })}
          <FormField label={t('profile.tshirtSize')} error={e.tshirtSize}>
            <Choices
              {...form.register('tshirtSize', { setValueAs: (v: string) => v || null })}
              empty="–"
              options={TSHIRT_SIZES.map((size) => ({ value: size, label: size }))}
            />
          </FormField>
          {text('specialDiet', t('profile.specialDiet'))}
          {text('favouriteCake', t('profile.favouriteCake'))}
        </SimpleGrid>
        <Heading as="h3" size="sm">
          {t('profile.emergencyContact')}
        </Heading>
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
          {text('iceName', t('profile.iceName'))}
          {text('icePhone', t('profile.icePhone'), { type: 'tel' })}
          {text('iceRelation', t('profile.iceRelation'))}
        </SimpleGrid>
        <div>
          <Button type="submit" colorPalette="brand" loading={save.isPending}>
            {t('table.save')}
          </Button>
        </div>
      </Stack>
    </form>
  )
}
