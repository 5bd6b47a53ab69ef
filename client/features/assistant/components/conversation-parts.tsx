import { Badge, Box, Button, HStack, Heading, IconButton, Input, Stack, Switch, Text, Wrap } from '@chakra-ui/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { BI_MAX_QUESTION, type BiAnswer, type BiQuery, type BiReply } from '../../../../shared/schemas/assistant'
import { AnswerCard, QueryBehind } from './answer-card'
import { Notice } from '../../../components/ui/notice'

const SUGGESTION_KEYS = ['a', 'b', 'c', 'd'] as const

/** The conversation's title, and its switches: the old system's data, a new conversation (`onNew`, once there is one). */
export function ConversationHeader(props: {
  title: string
  subtitle: string
  legacy: boolean
  legacyHelp: string
  onLegacy: (on: boolean) => void
  onNew?: () => void
}) {
  const { t } = useTranslation()
  return (
    <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
      <Box>
        <Heading as="h1" size="2xl" lineHeight="short">
          {props.title}
        </Heading>
        {/* On a phone the empty conversation says it; the room goes to the answers. */}
        <Text color="fg.muted" mt="1" fontSize="sm" display={{ base: 'none', md: 'block' }}>
          {props.subtitle}
        </Text>
      </Box>
      <HStack gap="3" flexWrap="wrap">
        <Switch.Root
          size="sm"
          checked={props.legacy}
          onCheckedChange={(e) => props.onLegacy(e.checked)}
          data-testid="assistant-legacy"
          title={props.legacyHelp}
        >
          <Switch.HiddenInput />
          <Switch.Control />
          <Switch.Label>{t('assistant.legacy')}</Switch.Label>
        </Switch.Root>
        {props.onNew ? (
          <Button size="xs" variant="outline" onClick={props.onNew} data-testid="assistant-new">
            {t('assistant.newConversation')}
          </Button>
        ) : null}
      </HStack>
    </HStack>
  )
}

/** An empty conversation: what the assistant does, and questions to start from. */
export function Suggestions({ onAsk }: { onAsk: (question: string) => void }) {
  const { t } = useTranslation()
  return (
    <Stack gap="3" data-testid="assistant-empty">
      <Text>{t('assistant.intro')}</Text>
      <Text fontWeight="medium" fontSize="sm">
        {t('assistant.suggestions')}
      </Text>
      <Wrap gap="2">
        {SUGGESTION_KEYS.map((k) => (
          <Button
            key={k}
            size="sm"
            variant="outline"
            onClick={() => onAsk(t(`assistant.examples.${k}`))}
            data-testid="assistant-suggestion"
            whiteSpace="normal"
            h="auto"
            py="1.5"
            textAlign="start"
          >
            {t(`assistant.examples.${k}`)}
          </Button>
        ))}
      </Wrap>
    </Stack>
  )
}

/** After an answer: follow-ups that change one part of the last question. */
export function FollowUps({ onAsk, busy }: { onAsk: (question: string) => void; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <HStack gap="2" flexWrap="wrap" data-testid="assistant-followups">
      <Text fontSize="xs" color="fg.muted">
        {t('assistant.followUps')}
      </Text>
      {SUGGESTION_KEYS.map((k) => (
        <Badge key={k} asChild variant="outline" size="md" cursor="pointer">
          <button type="button" onClick={() => onAsk(t(`assistant.followUpExamples.${k}`))} disabled={busy}>
            {t(`assistant.followUpExamples.${k}`)}
          </button>
        </Badge>
      ))}
    </HStack>
  )
}

/** The question field at the bottom, and its send button. */
export function QuestionForm(props: { value: string; onChange: (text: string) => void; onSubmit: (e: FormEvent) => void; busy: boolean }) {
  const { t } = useTranslation()
  return (
    <form onSubmit={props.onSubmit}>
      <HStack gap="2">
        <Input
          value={props.value}
          onChange={(e) => props.onChange(e.currentTarget.value)}
          placeholder={t('assistant.placeholder')}
          aria-label={t('assistant.placeholder')}
          maxLength={BI_MAX_QUESTION}
          autoComplete="off"
          data-testid="assistant-input"
        />
        <IconButton
          type="submit"
          aria-label={t('assistant.send')}
          loading={props.busy}
          disabled={!props.value.trim()}
          colorPalette="brand"
          data-testid="assistant-send"
          px="4"
          w="auto"
        >
          {t('assistant.send')}
        </IconButton>
      </HStack>
    </form>
  )
}

/** One reply: an answer, a question back with its choices, a refusal with examples, or no data. */
export function Reply(props: {
  reply: BiReply
  onAsk: (question: string) => void
  onChoose: (label: string, query: BiQuery) => void
  busy: boolean
  onSave?: (answer: BiAnswer) => void
}) {
  const { t } = useTranslation()
  const { reply } = props
  switch (reply.kind) {
    case 'answer':
      return (
        <AnswerCard
          answer={reply}
          actions={
            props.onSave ? (
              <Button size="xs" variant="outline" onClick={() => props.onSave!(reply)} data-testid="answer-save">
                {t('assistant.saveStat')}
              </Button>
            ) : null
          }
        />
      )
    case 'clarify':
      return (
        <Stack gap="2" borderWidth="1px" rounded="lg" p="3" data-testid="assistant-clarify">
          <Text fontSize="sm" color="fg.muted">
            {reply.understood}
          </Text>
          <Text fontWeight="medium">{reply.message}</Text>
          <Wrap gap="2">
            {reply.choices.map((c) => (
              <Button
                key={c.label}
                size="sm"
                variant="outline"
                onClick={() => props.onChoose(c.label, c.query)}
                disabled={props.busy}
                data-testid="assistant-choice"
              >
                {c.label}
              </Button>
            ))}
          </Wrap>
        </Stack>
      )
    case 'invalid':
      return (
        <Stack gap="2" borderWidth="1px" borderColor="border.warning" rounded="lg" p="3" data-testid="assistant-invalid">
          <Text fontWeight="semibold">{reply.message}</Text>
          <Text fontSize="sm">{t('assistant.invalidHelp')}</Text>
          <Wrap gap="2">
            {reply.examples.map((e) => (
              <Button key={e} size="sm" variant="ghost" onClick={() => props.onAsk(e)} disabled={props.busy} data-testid="assistant-example">
                {e}
              </Button>
            ))}
          </Wrap>
        </Stack>
      )
    case 'noData':
      return (
        <Stack gap="2" data-testid="assistant-nodata">
          <Notice status="info" title={reply.description} description={reply.message} />
          <QueryBehind answer={reply} />
        </Stack>
      )
  }
}
