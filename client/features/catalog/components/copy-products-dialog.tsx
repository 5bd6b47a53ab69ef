import { Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LookupNativeSelect } from '../../../components/ui/lookup/lookup-select'
import { Field } from '@chakra-ui/react'
import { serverFieldErrors } from '../../../lib/api-client'
import { copyProducts } from '../api/catalog-api'
import { FormDialog, formErrorOf } from '../../../components/ui/form-dialog'

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
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!from) return setError(t('validation.required'))
    setBusy(true)
    setError(null)
    try {
      const r = await copyProducts(provider.id, from)
      onCopied(r.copied, r.source)
    } catch (err) {
      const fields = serverFieldErrors(err)?.fromProviderId
      setError(fields?.[0] ?? formErrorOf(err, t).message)
    } finally {
      setBusy(false)
    }
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
