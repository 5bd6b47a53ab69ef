import { Badge, Field, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DEVICE_IMPORT_FIELDS, type DeviceImportPreview, type DeviceImportRow, type DeviceMapping } from '../../../../shared/schemas/devices'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { FilePicker } from '../../../components/ui/file-picker'
import { FormAlert } from '../../../components/ui/form-alert'
import { RecordTable } from '../../../components/ui/record-table'
import { applyDeviceList, previewDeviceList, uploadDeviceList } from '../api/devices-api'
import { Choices } from '../../../components/ui/choices'
import { useAction } from '../../../components/ui/use-action'

/**
 * The MDM's device list (decision 072): a file chosen and read by the server, its columns mapped (guessed from their
 * usual names), each row's action and problems shown, then imported; rows with problems are left out.
 */
export function ImportDevicesDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: (summary: string) => void }) {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<DeviceImportPreview | null>(null)
  const [mapping, setMapping] = useState<DeviceMapping>({})
  // A refused file or mapping says why on its field (the file, a column): that reason, else the error's.
  const step = useAction((work: () => Promise<void>) => work(), { fieldFirst: true })
  const { run, busy, error } = step
  const choose = (f: File | null) => {
    setFile(f)
    setPreview(null)
    if (!f) return
    void run(async () => {
      const p = await uploadDeviceList(f)
      setPreview(p)
      setMapping(p.mapping)
    })
  }
  const remap = (field: (typeof DEVICE_IMPORT_FIELDS)[number], header: string) => {
    if (!preview) return
    const next = { ...mapping, [field]: header || undefined }
    setMapping(next)
    void run(async () => setPreview(await previewDeviceList(preview.id, next)))
  }
  const apply = () =>
    void run(async () => {
      const r = await applyDeviceList(preview!.id, mapping)
      onImported(t('devices.applied', r))
    })

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={t('devices.importTitle')}
      testId="device-import-dialog"
      size="lg"
      scroll
      footer={
        <DialogButtons
          onCancel={onClose}
          action={{
            label: t('devices.apply'),
            onClick: apply,
            loading: busy,
            disabled: !preview || preview.counts.create + preview.counts.update + preview.counts.matchApp === 0,
          }}
        />
      }
    >
      <Stack gap="4">
        <Text color="fg.muted">{t('devices.importHelp')}</Text>
        <FilePicker accept=".csv,.txt,.xlsx" fileName={file?.name ?? null} onChange={choose} testId="device-import-file" />
        {error ? <FormAlert message={error} /> : null}
        {busy && !preview ? <Text color="fg.muted">{t('devices.reading')}</Text> : null}
        {preview ? (
          <>
            <Text fontWeight="semibold">{t('devices.mapping')}</Text>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              {DEVICE_IMPORT_FIELDS.map((field) => (
                <Field.Root key={field}>
                  <Field.Label>{t(`devices.importFields.${field}`)}</Field.Label>
                  <Choices
                    size="sm"
                    value={mapping[field] ?? ''}
                    onChange={(e) => remap(field, e.target.value)}
                    data-testid={`device-map-${field}`}
                    empty={t('devices.notMapped')}
                    options={preview.headers.map((h) => ({ value: h, label: h }))}
                  />
                </Field.Root>
              ))}
            </SimpleGrid>
            <Text data-testid="device-import-counts">{t('devices.counts', preview.counts)}</Text>
            <RecordTable<DeviceImportRow>
              label={t('devices.importTitle')}
              rows={preview.rows}
              rowKey={(r) => String(r.row)}
              testId="device-import-rows"
              bordered
              columns={[
                { header: t('devices.previewRow'), cell: (r) => r.row },
                { header: t('devices.fields.serialNumber'), cell: (r) => r.serialNumber ?? '–', mono: true },
                { header: t('devices.fields.model'), cell: (r) => r.model ?? '–', hideBelow: 'sm' },
                { header: t('devices.fields.userId'), cell: (r) => r.userName ?? r.email ?? '–' },
                {
                  header: t('devices.problems'),
                  cell: (r) =>
                    r.action ? (
                      <Badge variant="subtle" colorPalette={r.action === 'create' ? 'green' : 'blue'}>
                        {t(`devices.actions.${r.action}`)}
                      </Badge>
                    ) : (
                      <Text color="fg.error" fontSize="sm">
                        {Object.entries(r.errors)
                          .map(([f, m]) => `${t(`devices.importFields.${f}`)}: ${m}`)
                          .join(' · ')}
                      </Text>
                    ),
                },
              ]}
            />
          </>
        ) : null}
      </Stack>
    </AppDialog>
  )
}
