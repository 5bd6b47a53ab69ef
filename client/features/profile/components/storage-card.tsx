import { Progress, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { SectionCard } from '../../../components/ui/section-card'
import { storageSpace, type StorageSpace } from '../../../lib/storage-space'

const mb = (bytes: number, lang: string) =>
  bytes >= 1024 ** 3
    ? `${(bytes / 1024 ** 3).toLocaleString(lang, { maximumFractionDigits: 1 })} GB`
    : `${(bytes / 1024 ** 2).toLocaleString(lang, { maximumFractionDigits: 1 })} MB`

/** What the app keeps on this device (offline sales, photos, the app itself), and whether the browser may clear it. */
export function StorageCard() {
  const { t, i18n } = useTranslation()
  const [estimate, setEstimate] = useState<StorageSpace | null>(null)
  useEffect(() => {
    void storageSpace().then(setEstimate)
  }, [])
  if (!estimate) return null
  return (
    <SectionCard title={t('profile.storage')} variant="outline" mt="6" data-testid="storage-card">
      <Stack gap="3">
        <Progress.Root value={estimate.share * 100} size="sm" colorPalette={estimate.nearlyFull ? 'red' : 'brand'}>
          <Progress.Label mb="1">
            {t('profile.storageUsage', { used: mb(estimate.usage, i18n.language), quota: mb(estimate.quota, i18n.language) })}
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        {estimate.nearlyFull ? (
          <Text fontSize="sm" color="fg.error" data-testid="storage-nearly-full">
            {t('profile.storageNearlyFull')}
          </Text>
        ) : null}
        <Text fontSize="sm" color={estimate.persisted ? 'fg.muted' : 'fg.warning'}>
          {estimate.persisted ? t('profile.storagePersisted') : t('profile.storageNotPersisted')}
        </Text>
      </Stack>
    </SectionCard>
  )
}
