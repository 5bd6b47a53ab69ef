import { Button, Field, HStack, Input, RadioGroup, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes, formatDate } from '../../../../shared/format'
import { BASEMAP_KINDS, POSTAL_COUNTRIES, type BasemapKind, type MapSettings, type PostalImportResult } from '../../../../shared/schemas/maps'
import { FilePicker } from '../../../components/ui/file-picker'
import { FormDialog, useFormError } from '../../../components/ui/form-dialog'
import { errorText, serverFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { importPostalCodes, saveMapSettings, uploadBasemap } from '../api/maps-api'
import { Check } from '../../../components/ui/check'
import { Choices } from '../../../components/ui/choices'
import { useLanguage } from '../../../lib/use-language'
import { Notice } from '../../../components/ui/notice'
import { useRefreshField } from '../api/field-queries'

/**
 * The maps' settings (those with `update controlling`): the basemap — plain (shipped with the app), a style URL the
 * organisation chose, or its own PMTiles file uploaded here — whether sellers' devices record where a sale is
 * registered (each seller's own permission besides), and the postal codes' positions that place sales without one.
 */
export function MapSettingsDialog(props: { settings: MapSettings; onClose: () => void }) {
  const { t, lang } = useLanguage()
  const refreshField = useRefreshField()
  const s = props.settings
  const [basemap, setBasemap] = useState<BasemapKind>(s.basemap)
  const [styleUrl, setStyleUrl] = useState(s.styleUrl ?? '')
  const [positions, setPositions] = useState(s.salePositions)
  const [saving, setSaving] = useState(false)
  const [uploading, setUploading] = useState(false)
  const [file, setFile] = useState(s.file)
  const formError = useFormError()
  const [styleError, setStyleError] = useState<string | null>(null)
  const refresh = () => void refreshField()

  const save = async () => {
    setSaving(true)
    formError.clear()
    setStyleError(null)
    try {
      await saveMapSettings({ basemap, styleUrl: styleUrl.trim() || null, salePositions: positions })
      refresh()
      snackbar.success(t('maps.settings.saved'))
      props.onClose()
      // A new style's address is let through by the page's security policy from the next page load.
      if (basemap === 'style' && styleUrl.trim() !== (s.styleUrl ?? '')) location.reload()
    } catch (err) {
      const styleProblem = serverFieldErrors(err)?.styleUrl?.[0]
      if (styleProblem) setStyleError(styleProblem)
      else formError.fail(err)
    } finally {
      setSaving(false)
    }
  }
  const upload = async (chosen: File | null) => {
    if (!chosen) return
    setUploading(true)
    try {
      setFile(await uploadBasemap(chosen))
      setBasemap('pmtiles')
      refresh()
    } catch (err) {
      snackbar.error(errorText(err, t))
    } finally {
      setUploading(false)
    }
  }
  return (
    <FormDialog
      title={t('maps.settings.title')}
      testId="map-settings"
      scroll
      open
      onClose={props.onClose}
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      submitting={saving}
      {...formError.props}
    >
      <Check checked={positions} onChange={setPositions} label={t('maps.settings.positions')} />
      <Text fontSize="sm" color="fg.muted" mt="-2">
        {t('maps.settings.positionsHelp')}
      </Text>
      <Field.Root>
        <Field.Label>{t('maps.settings.basemap')}</Field.Label>
        <RadioGroup.Root value={basemap} onValueChange={(e) => e.value && setBasemap(e.value as BasemapKind)} colorPalette="brand">
          <Stack gap="2">
            {BASEMAP_KINDS.map((k) => (
              <RadioGroup.Item key={k} value={k} disabled={k === 'pmtiles' && !file}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{t(`maps.settings.kind.${k}`)}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      </Field.Root>
      {basemap === 'plain' ? (
        // The plain background has no streets: how to get a street-level map (issue 70, docs/integrations.md).
        <Notice
          status="info"
          title={t('maps.settings.streetsTitle')}
          data-testid="basemap-guide"
          description={
            <Stack gap="1" fontSize="sm">
              <Text>{t('maps.settings.streetsFile')}</Text>
              <Text fontFamily="mono" fontSize="xs" wordBreak="break-all">
                pmtiles extract https://build.protomaps.com/20261101.pmtiles region.pmtiles --bbox=12.85,55.50,13.15,55.66 --maxzoom=15
              </Text>
              <Text>{t('maps.settings.streetsStyle')}</Text>
            </Stack>
          }
        />
      ) : null}
      {basemap === 'style' ? (
        <Field.Root invalid={!!styleError} required>
          <Field.Label>{t('maps.settings.styleUrl')}</Field.Label>
          <Input value={styleUrl} onChange={(e) => setStyleUrl(e.target.value)} placeholder="https://" inputMode="url" />
          <Field.HelperText>{t('maps.settings.styleHelp')}</Field.HelperText>
          <Field.ErrorText>{styleError}</Field.ErrorText>
        </Field.Root>
      ) : null}
      <Stack gap="2">
        <Text fontWeight="semibold" fontSize="sm">
          {t('maps.settings.file')}
        </Text>
        <Text fontSize="sm" color="fg.muted" data-testid="basemap-file">
          {file
            ? t('maps.settings.fileFacts', { name: file.name, size: formatBytes(file.size, lang), date: formatDate(file.uploadedAt, lang), zoom: file.maxZoom })
            : t('maps.settings.noFile')}
        </Text>
        <HStack gap="2">
          <FilePicker accept=".pmtiles" fileName={null} onChange={(f) => void upload(f)} testId="basemap-upload" />
          {uploading ? <Text fontSize="sm">{t('maps.settings.uploading')}</Text> : null}
        </HStack>
      </Stack>
      <PostalImport count={s.postalCodes} onImported={refresh} />
    </FormDialog>
  )
}

/** The postal codes' positions: a file (CSV or XLSX) and the country its codes are in, read in with its rows' problems. */
function PostalImport(props: { count: number; onImported: () => void }) {
  const { t } = useTranslation()
  const [postal, setPostal] = useState<{ file: File | null; country: string; result: PostalImportResult | null; busy: boolean }>({
    file: null,
    country: 'SE',
    result: null,
    busy: false,
  })
  const importPostal = async () => {
    if (!postal.file) return
    setPostal((p) => ({ ...p, busy: true }))
    try {
      const result = await importPostalCodes(postal.file, postal.country)
      setPostal((p) => ({ ...p, result, busy: false }))
      props.onImported()
    } catch (err) {
      setPostal((p) => ({ ...p, busy: false }))
      snackbar.error(errorText(err, t))
    }
  }
  return (
    <Stack gap="2">
      <Text fontWeight="semibold" fontSize="sm">
        {t('maps.settings.postal', { count: props.count })}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('maps.settings.postalHelp')}
      </Text>
      <HStack gap="2" wrap="wrap">
        <FilePicker
          accept=".csv,.txt,.xlsx"
          fileName={postal.file?.name ?? null}
          onChange={(f) => setPostal((p) => ({ ...p, file: f, result: null }))}
          testId="postal-file"
        />
        <Choices
          size="sm"
          root={{ w: '24' }}
          aria-label={t('maps.settings.country')}
          value={postal.country}
          onChange={(e) => setPostal((p) => ({ ...p, country: e.target.value }))}
          options={POSTAL_COUNTRIES.map((c) => ({ value: c, label: c }))}
        />
        <Button size="sm" variant="outline" disabled={!postal.file} loading={postal.busy} onClick={() => void importPostal()}>
          {t('maps.settings.import')}
        </Button>
      </HStack>
      {postal.result ? (
        <Stack gap="1" role="status" data-testid="postal-result">
          <Text fontSize="sm" fontWeight="semibold">
            {t('maps.settings.imported', { imported: postal.result.imported, rows: postal.result.rows })}
          </Text>
          {postal.result.problems.slice(0, 5).map((p) => (
            <Text key={p.row} fontSize="sm" color="fg.error">
              {t('maps.settings.rowProblem', { row: p.row, message: p.message })}
            </Text>
          ))}
        </Stack>
      ) : null}
    </Stack>
  )
}
