import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ExternalAccounts } from '../../../components/ui/external-accounts'
import { call, rpc } from '../../../lib/api-client'
import { profileKeys } from '../api/profile-keys'

/** The signed-in person's external accounts (decision 043): user names, and a password behind their own four digits. */
export function OwnExternalAccounts() {
  const { t } = useTranslation()
  const rows = useQuery({
    queryKey: profileKeys.externalAccounts,
    queryFn: ({ signal }) => call(rpc.profile['external-accounts'].$get({}, { init: { signal } })),
  })
  return (
    <ExternalAccounts
      rows={rows}
      reveal={(templateId, ssnLast4) => call(rpc.profile['external-accounts'][':templateId'].reveal.$post({ param: { templateId }, json: { ssnLast4 } }))}
      revealIntro={t('externalAccounts.revealOwnIntro')}
    />
  )
}
