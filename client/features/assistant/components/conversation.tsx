import { Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { formatDate } from '../../../../shared/format'
import { type BiAnswer, type BiQuery, type BiReply } from '../../../../shared/schemas/assistant'
import { errorText } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { ask, runQuery } from '../api/assistant-api'
import { ConversationHeader, FollowUps, QuestionForm, Reply, Suggestions } from './conversation-parts'
import { StatDialog } from './stat-dialog'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { useAssistantSettings } from '../api/assistant-queries'

type Draft =
  { role: 'user'; text: string } | { role: 'assistant'; reply: BiReply } | { role: 'error'; text: string; retry: { question?: string; query?: BiQuery } }
type Message = Draft & { id: number }

type Stored = { messages: Message[]; legacy: boolean }

/** The conversation kept for the tab, so going to another screen and back keeps it. */
function load(key: string): Stored {
  try {
    const raw = sessionStorage.getItem(key)
    if (raw) return JSON.parse(raw) as Stored
  } catch {
    // a full or refused storage: start afresh
  }
  return { messages: [], legacy: false }
}

/**
 * The assistant's conversation (/keyai, /keyai/business-intelligence; docs/decisions/053): questions in the person's
 * words, answers as charts with their figures and the query behind them, questions back with buttons, suggestions to
 * start from and follow-ups that change one part of the last question. Fills the window's height: the messages
 * scroll, the question field stays at the bottom.
 */
export function Conversation({ storageKey, title, subtitle, aside }: { storageKey: string; title: string; subtitle: string; aside?: ReactNode }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const [state, setState] = useState<Stored>(() => load(storageKey))
  const [text, setText] = useState('')
  const [saving, setSaving] = useState<BiAnswer | null>(null)
  const scroller = useRef<HTMLDivElement>(null)
  const settings = useAssistantSettings()
  const { messages, legacy } = state

  useEffect(() => {
    try {
      sessionStorage.setItem(storageKey, JSON.stringify(state))
    } catch {
      // the conversation still works; it is only not kept
    }
  }, [state, storageKey])
  useEffect(() => {
    const el = scroller.current
    if (el) el.scrollTop = el.scrollHeight
  }, [messages.length])

  const push = (...more: Draft[]) =>
    setState((s) => {
      let next = s.messages.at(-1)?.id ?? 0
      return { ...s, messages: [...s.messages, ...more.map((m): Message => ({ ...m, id: ++next }))] }
    })
  // The last answer's query: a question that leaves parts out follows it up.
  const previous = [...messages]
    .reverse()
    .find((m): m is Extract<Message, { role: 'assistant' }> => m.role === 'assistant' && (m.reply.kind === 'answer' || m.reply.kind === 'noData'))
  const previousQuery = previous && (previous.reply.kind === 'answer' || previous.reply.kind === 'noData') ? previous.reply.query : undefined

  const asking = useMutation({
    mutationFn: (what: { question?: string; query?: BiQuery }) => (what.query ? runQuery(what.query, legacy) : ask(what.question!, previousQuery, legacy)),
    onSuccess: (reply) => push({ role: 'assistant', reply: reply as BiReply }),
    onError: (err, what) => push({ role: 'error', text: errorText(err, t), retry: what }),
  })
  const send = (question: string) => {
    const q = question.trim()
    if (!q || asking.isPending) return
    push({ role: 'user', text: q })
    setText('')
    asking.mutate({ question: q })
  }
  const choose = (label: string, query: BiQuery) => {
    if (asking.isPending) return
    push({ role: 'user', text: label })
    asking.mutate({ query })
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    send(text)
  }
  const cutoff = settings.data ? formatDate(settings.data.legacyCutoff, lang) : ''

  return (
    <Flex direction="column" h="full" minH="0" gap="3" data-testid="assistant">
      <ConversationHeader
        title={title}
        subtitle={subtitle}
        legacy={legacy}
        legacyHelp={t('assistant.legacyHelp', { date: cutoff })}
        onLegacy={(on) => setState((s) => ({ ...s, legacy: on }))}
        onNew={messages.length > 0 ? () => setState((s) => ({ ...s, messages: [] })) : undefined}
      />
      {legacy ? <Notice status="warning" size="sm" data-testid="assistant-legacy-note" title={t('assistant.legacyHelp', { date: cutoff })} /> : null}
      <Flex flex="1" minH="0" gap="4">
        <Box
          ref={scroller}
          flex="1"
          minW="0"
          overflowY="auto"
          borderWidth={{ base: '0', md: '1px' }}
          rounded="lg"
          p={{ base: '0', md: '4' }}
          data-testid="assistant-messages"
          role="log"
          aria-live="polite"
        >
          {messages.length === 0 ? (
            <Suggestions onAsk={send} />
          ) : (
            <Stack gap="4">
              {messages.map((m) =>
                m.role === 'user' ? (
                  <Box
                    key={m.id}
                    alignSelf="end"
                    maxW="85%"
                    bg="brand.solid"
                    color="brand.contrast"
                    px="3"
                    py="2"
                    rounded="lg"
                    data-testid="assistant-question"
                  >
                    {m.text}
                  </Box>
                ) : m.role === 'error' ? (
                  <Notice key={m.id} status="error" data-testid="assistant-error" description={m.text}>
                    <Button size="xs" variant="outline" onClick={() => asking.mutate(m.retry)} disabled={asking.isPending}>
                      {t('assistant.retry')}
                    </Button>
                  </Notice>
                ) : (
                  <Reply
                    key={m.id}
                    reply={m.reply}
                    onAsk={send}
                    onChoose={choose}
                    busy={asking.isPending}
                    onSave={ability.can('view', 'stats') ? setSaving : undefined}
                  />
                ),
              )}
              {asking.isPending ? (
                <Text color="fg.muted" fontSize="sm" data-testid="assistant-thinking">
                  {t('assistant.thinking')}
                </Text>
              ) : null}
            </Stack>
          )}
        </Box>
        {aside}
      </Flex>
      {previousQuery ? <FollowUps onAsk={send} busy={asking.isPending} /> : null}
      <QuestionForm value={text} onChange={setText} onSubmit={submit} busy={asking.isPending} />
      {saving ? <StatDialog query={saving.query} defaultName={saving.description} onClose={() => setSaving(null)} /> : null}
    </Flex>
  )
}
