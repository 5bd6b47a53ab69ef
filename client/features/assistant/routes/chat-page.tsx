import { useTranslation } from 'react-i18next'
import { Conversation } from '../components/conversation'

/** /keyai (docs/decisions/053): the AI assistant's chat, answering questions about the data with charts. */
export default function ChatPage() {
  const { t } = useTranslation()
  return <Conversation storageKey="assistant:chat" title={t('routes.keyai')} subtitle={t('assistant.intro')} />
}
