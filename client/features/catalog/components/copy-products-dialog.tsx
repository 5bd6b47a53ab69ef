import { Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Field } from '@chakra-ui/react'
import { copyProducts } from '../api/catalog-api'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useAction } from '../../../components/ui/use-action'

/** Copy every active product of another provider into this one (names it has are skipped). */
export function CopyProductsDialog({
  open,
  onClose,
  provider,
  onCopied,
}: {
  open: boolean
  onClose: () => void
  provider: { id: string; name: string }
  onCopied: (copied: number, source: string) => void
}) {
  const { t } = useTranslation()
  const [from, setFrom] = useState<string | undefined>()
  const copy = useAction(copyProducts, { onDone: (r) => onCopied(r.copied, r.source), fieldFirst: 'fromProviderId' })
  const { busy, error } = copy
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!from) return copy.fail(t('validation.required'))
    await copy.run(provider.id, from)
  }
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('catalog.providers.copyTitle', { name: provider.name })}
      testId="copy-products-dialog"
      onSubmit={(e) => void submit(e)}
      submitting={busy}
      formError={null}
      submitLabel={t('catalog.actions.copyProducts')}
    >
      <Text>{t('catalog.providers.copyText')}</Text>
      <Field.Root invalid={!!error} required>
        <Field.Label>{t('catalog.fields.provider')}</Field.Label>
        <LookupNativeSelect kind="providers" label={t('catalog.fields.provider')} emptyLabel={t('catalog.fields.choose')} value={from} onChange={setFrom} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : null}
      </Field.Root>
    </FormDialog>
  )
}
