import { Button, HStack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatPersonalNumber } from '../../../shared/rules/identity'
import { useAbility } from '../../lib/session'
import { useAction } from './use-action'

/**
 * A customer's identity number as every screen shows it (docs/decisions/058): masked ("19811218-****"), with "Show the
 * whole number" for a reader whose rules allow it. Asking is a request to the server, which logs who read which
 * number and when; the number is then shown here until the screen is left. An organisation number is not masked.
 */
export function IdentityNumber(props: { masked: string | null; reveal: () => Promise<{ number: string | null }>; testId?: string }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const [full, setFull] = useState<string | null>(null)
  const reveal = useAction(props.reveal, { onDone: (answer) => setFull(answer.number), failure: 'snackbar' })
  if (!props.masked) return <Text as="span">–</Text>
  const masked = props.masked.includes('*')
  return (
    <HStack as="span" gap="2" wrap="wrap" display="inline-flex">
      <Text as="span" data-testid={props.testId} fontVariantNumeric="tabular-nums">
        {full ? formatPersonalNumber(full) : props.masked}
      </Text>
      {masked && !full && ability.can('view', 'identity_numbers') ? (
        <Button size="2xs" variant="outline" loading={reveal.busy} onClick={() => void reveal.run()} title={t('identity.logged')} data-testid="identity-show">
          {t('identity.show')}
        </Button>
      ) : null}
    </HStack>
  )
}
