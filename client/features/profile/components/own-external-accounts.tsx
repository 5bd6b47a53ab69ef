import { useTranslation } from 'react-i18next'
import { ExternalAccounts } from '../../../components/ui/external-accounts'
import { revealOwnExternalAccount } from '../api/profile-api'
import { useOwnExternalAccounts } from '../api/profile-queries'

/** The signed-in person's external accounts (decision 043): user names, and a password behind their own four digits. */
export function OwnExternalAccounts() {
  const { t } = useTranslation()
  const rows = useOwnExternalAccounts()
  return <ExternalAccounts rows={rows} reveal={revealOwnExternalAccount} revealIntro={t('externalAccounts.revealOwnIntro')} />
}
