import { Box, Button, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { surveyDoorCode } from '../api/survey-code-api'
import { AppDialog } from '../../../components/ui/app-dialog'
import { useAction } from '../../../components/ui/use-action'

/**
 * The seller's way to let the customer answer the quality survey at the door (docs/decisions/045): a QR code of a
 * single-use link, for a sale the sampling queued. It needs the network; without a survey it says so.
 */
export function SurveyCodeButton(props: { saleId: string }) {
  const { t, i18n } = useTranslation()
  const [state, setState] = useState<{ qrSvg: string } | { message: string } | null>(null)
  const fetchCode = useAction(surveyDoorCode, {
    onDone: (code) => setState({ qrSvg: code.qrSvg }),
    onError: (err) => {
      setState({ message: err instanceof ApiClientError && err.status === 404 ? t('sales.surveyCode.noSurvey') : errorText(err, t) })
      return true
    },
  })
  const open = async () => {
    if (!navigator.onLine) {
      setState({ message: t('sales.surveyCode.offline') })
      return
    }
    await fetchCode.run(props.saleId, (['sv', 'en', 'fi'].includes(i18n.language) ? i18n.language : 'sv') as 'sv' | 'en' | 'fi')
  }
  return (
    <>
      <Button size="sm" variant="outline" loading={fetchCode.busy} onClick={() => void open()} data-testid="survey-code-button">
        {t('sales.surveyCode.doorCode')}
      </Button>
      <AppDialog open={state !== null} onClose={() => setState(null)} title={t('sales.surveyCode.doorTitle')} testId="survey-code-dialog" size="sm">
        {state && 'qrSvg' in state ? (
          <Stack gap="4" align="center">
            <Text>{t('sales.surveyCode.doorText')}</Text>
            {/* The server's SVG of the link (the qrcode library), shown as an image as the two-step sign-in's code is. */}
            <Box bg="white" p="3" rounded="md">
              <img
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(state.qrSvg)}`}
                alt={t('sales.surveyCode.doorTitle')}
                width={256}
                height={256}
                data-testid="survey-code-qr"
              />
            </Box>
          </Stack>
        ) : state ? (
          <Text role="alert">{state.message}</Text>
        ) : null}
      </AppDialog>
    </>
  )
}
