import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { AppDialog } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { errorText } from '../../../lib/api-client'
import { GuideBody } from './guide-body'
import { useGuideVersion } from '../api/guides-queries'

/** An earlier version of a guide as it was published (its Swedish text), with a way to publish it again. */
export function GuideVersionDialog(props: { guideId: string; number: number; current: number | null; onRestore: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const version = useGuideVersion(props.guideId, props.number)
  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={t('guides.editor.versionTitle', { number: props.number })}
      size="lg"
      scroll
      testId="guide-version-dialog"
      footer={
        <HStack justify="flex-end" gap="2">
          <Button variant="outline" onClick={props.onClose}>
            {t('guides.editor.close')}
          </Button>
          {props.number !== props.current ? (
            <Button colorPalette="brand" onClick={props.onRestore} data-testid="guide-restore">
              {t('guides.editor.restore')}
            </Button>
          ) : null}
        </HStack>
      }
    >
      {version.isError ? (
        <FormAlert message={errorText(version.error, t)} />
      ) : !version.data ? (
        <Skeleton h="40" />
      ) : (
        <Stack gap="3">
          <Text color="fg.muted" fontSize="sm">
            {t('guides.editor.versionLine', {
              number: version.data.number,
              date: formatDate(version.data.publishedAt, i18n.language as FormatLanguage),
              name: version.data.publishedBy?.name ?? '–',
            })}
          </Text>
          <Text fontWeight="semibold" fontSize="lg">
            {version.data.texts.sv.title}
          </Text>
          <GuideBody doc={version.data.texts.sv.body} embeds={[]} />
        </Stack>
      )}
    </AppDialog>
  )
}
