import { IconButton } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { toggledFieldMode } from '../../../shared/preferences'
import { ContrastIcon } from '../../components/ui/icons'
import { setPreferences, useLook } from '../../lib/preferences'

/**
 * Field mode in one tap, in the seller's navbar (docs/decisions/089): on when it is off, off when it is on (also when the
 * device's own "increase contrast" turned it on), remembered on this device. Pressed while field mode is in force.
 */
export function FieldModeToggle() {
  const { t } = useTranslation()
  const { field } = useLook()
  return (
    <IconButton
      variant={field ? 'solid' : 'ghost'}
      colorPalette={field ? 'gray' : undefined}
      aria-label={t('customizer.fieldMode')}
      aria-pressed={field}
      title={field ? t('customizer.fieldModeOn') : t('customizer.fieldModeOff')}
      onClick={() => setPreferences({ fieldMode: toggledFieldMode(field) })}
      data-testid="field-mode"
    >
      <ContrastIcon />
    </IconButton>
  )
}
