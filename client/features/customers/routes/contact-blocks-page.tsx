import { Button, SimpleGrid, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatDate } from '../../../../shared/format'
import { CONTACT_BLOCK_SOURCES, contactBlockInputSchema, type ContactBlock } from '../../../../shared/schemas/customers'
import { DataTable, type Column } from '../../../components/ui/data-table/data-table'
import { listTable } from '../../../components/ui/data-table/list-state'
import { useCsvDownload } from '../../../components/ui/data-table/use-csv-download'
import { useListQuery } from '../../../components/ui/data-table/use-list-query'
import { FormDialog } from '../../../components/ui/form-dialog'
import { SelectField, TextAreaField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { Page } from '../../../components/ui/page'
import { ReasonDialog } from '../../../components/ui/reason-dialog'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { useLanguage } from '../../../lib/use-language'
import { addContactBlock, listContactBlocks, removeContactBlock } from '../api/customers-api'
import { useContactBlocks, useRefreshContactBlocks } from '../api/customers-queries'

/**
 * /backoffice/contact-blocks (docs/decisions/096): the people and numbers who asked not to be contacted, newest first,
 * searched by number or name; back office adds an entry (a customer's letter, a call) and removes one with a reason.
 */
export default function ContactBlocksPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const { query, update, active } = useListQuery({ itemsPerPage: 25, sortBy: 'createdAt', orderBy: 'desc' }, [])
  const list = useContactBlocks(query)
  const [adding, setAdding] = useState(false)
  const [removing, setRemoving] = useState<ContactBlock | null>(null)
  const refresh = useRefreshContactBlocks()
  const columns: Column<ContactBlock>[] = [
    {
      key: 'phone',
      header: t('contactBlocks.phone'),
      render: (r) => (
        <>
          <Text fontWeight="medium">{r.phone ?? r.identityNumber ?? '–'}</Text>
          {r.name ? (
            <Text fontSize="xs" color="fg.muted">
              {r.name}
            </Text>
          ) : null}
        </>
      ),
      csv: (r) => r.phone ?? '',
    },
    {
      key: 'identity',
      header: t('contactBlocks.identityNumber'),
      render: (r) => (r.phone ? (r.identityNumber ?? '–') : '–'),
      csv: (r) => r.identityNumber ?? '',
      hideBelow: 'md',
    },
    { key: 'source', header: t('contactBlocks.source'), render: (r) => t(`contactBlocks.sources.${r.source}`), csv: (r) => r.source, hideBelow: 'sm' },
    { key: 'note', header: t('contactBlocks.note'), render: (r) => r.note ?? '', csv: (r) => r.note ?? '', hideBelow: 'lg' },
    {
      key: 'createdAt',
      header: t('contactBlocks.createdAt'),
      sortKey: 'createdAt',
      render: (r) => `${formatDate(r.createdAt, lang)}${r.createdByName ? ` · ${r.createdByName}` : ''}`,
      csv: (r) => new Date(r.createdAt).toISOString().slice(0, 10),
      hideBelow: 'md',
    },
  ]
  const csv = useCsvDownload({ fileName: t('routes.backoffice-contact-blocks'), columns, query, fetchPage: (q) => listContactBlocks(q, {}) })
  return (
    <Page title={t('routes.backoffice-contact-blocks')} breadcrumbs={[{ label: t('nav.groups.backoffice') }]}>
      <Text color="fg.muted" maxW="3xl">
        {t('contactBlocks.intro')}
      </Text>
      {ability.can('create', 'contact_blocks') ? (
        <Button colorPalette="brand" size="sm" alignSelf="start" onClick={() => setAdding(true)} data-testid="add-contact-block">
          {t('contactBlocks.add')}
        </Button>
      ) : null}
      <DataTable
        label={t('routes.backoffice-contact-blocks')}
        columns={columns}
        {...listTable(list, { query, update }, csv)}
        emptyText={active || query.q ? t('contactBlocks.emptyFiltered') : t('contactBlocks.empty')}
        activeFilters={active}
        onRowClick={ability.can('delete', 'contact_blocks') ? (r) => setRemoving(r) : undefined}
      />
      {adding ? <AddDialog onClose={() => setAdding(false)} onSaved={refresh} /> : null}
      {removing ? (
        <ReasonDialog
          title={t('contactBlocks.removeTitle')}
          text={removing.phone ?? removing.identityNumber ?? ''}
          reasonLabel={t('contactBlocks.removeReason')}
          submitLabel={t('contactBlocks.remove')}
          testId="remove-contact-block"
          onSave={(reason) => removeContactBlock(removing.id, reason)}
          onDone={() => {
            setRemoving(null)
            snackbar.success(t('contactBlocks.removed'))
            refresh()
          }}
          onClose={() => setRemoving(null)}
        />
      ) : null}
    </Page>
  )
}

function AddDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const { t } = useLanguage()
  const form = useSchemaForm(contactBlockInputSchema, {
    defaultValues: { phone: '', identityNumber: '', name: '', note: '', source: 'customer', country: 'SE' },
  })
  const dialog = useFormDialog(form, {
    onClose,
    fields: 'all',
    save: async (values) => {
      const clean = {
        ...values,
        phone: values.phone || undefined,
        identityNumber: values.identityNumber || undefined,
        name: values.name || undefined,
        note: values.note || undefined,
      }
      await addContactBlock(clean)
      snackbar.success(t('contactBlocks.saved'))
      onSaved()
      onClose()
    },
  })
  return (
    <FormDialog title={t('contactBlocks.add')} testId="contact-block-dialog" {...dialog.props}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <TextField form={form} name="phone" label={t('contactBlocks.phone')} inputMode="tel" autoComplete="off" />
        <SelectField
          form={form}
          name="country"
          label={t('contactBlocks.country')}
          options={[
            { value: 'SE', label: 'Sverige' },
            { value: 'FI', label: 'Suomi' },
          ]}
        />
      </SimpleGrid>
      <TextField form={form} name="identityNumber" label={t('contactBlocks.identityNumber')} autoComplete="off" />
      <TextField form={form} name="name" label={t('contactBlocks.name')} autoComplete="off" />
      <SelectField
        form={form}
        name="source"
        label={t('contactBlocks.source')}
        options={CONTACT_BLOCK_SOURCES.map((s) => ({ value: s, label: t(`contactBlocks.sources.${s}`) }))}
      />
      <TextAreaField form={form} name="note" label={t('contactBlocks.note')} rows={2} />
    </FormDialog>
  )
}
