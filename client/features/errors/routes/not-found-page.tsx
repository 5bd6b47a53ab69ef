import { useTranslation } from 'react-i18next'
import { FullPageMessage } from '../../../components/ui/full-page-message'

export default function NotFoundPage() {
  const { t } = useTranslation()
  return <FullPageMessage code="404" title={t('pages.notFound.title')} text={t('pages.notFound.text')} actionLabel={t('pages.backHome')} actionTo="/" />
}
