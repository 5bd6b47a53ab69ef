import { useTranslation } from 'react-i18next'
import { FullPageMessage } from '../../../components/ui/full-page-message'

export default function NotAuthorizedPage() {
  const { t } = useTranslation()
  return (
    <FullPageMessage code="401" title={t('pages.notAuthorized.title')} text={t('pages.notAuthorized.text')} actionLabel={t('pages.backHome')} actionTo="/" />
  )
}
