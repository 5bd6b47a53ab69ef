import { useTranslation } from 'react-i18next'
import { FullPageMessage } from '../../../components/ui/full-page-message'

export default function ServerErrorPage() {
  const { t } = useTranslation()
  return <FullPageMessage code="500" title={t('pages.serverError.title')} text={t('pages.serverError.text')} actionLabel={t('pages.backHome')} actionTo="/" />
}
