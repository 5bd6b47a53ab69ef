import { Badge, Box, Button, Card, Grid, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link as RouterLink, useParams } from 'react-router'
import { formatDate, formatTime } from '../../../../shared/format'
import type { TranscriptionDetail } from '../../../../shared/schemas/transcriptions'
import { DetailState } from '../../../components/ui/detail-state'
import { FormAlert } from '../../../components/ui/form-alert'
import { Page } from '../../../components/ui/page'
import { audioUrl, setTranscriptText, transcribeAgain } from '../api/transcriptions-api'
import { segmentAt, timecode } from '../model/timecode'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'
import { useCallChanged, useTranscription } from '../api/transcriptions-queries'

/** The text of the call, each line a button that plays from its time; the line being said is marked while it plays. */
function Segments({ call, current, onJump }: { call: TranscriptionDetail; current: number; onJump: (start: number) => void }) {
  const { t } = useTranslation()
  return (
    <Stack gap="1" data-testid="transcript">
      {call.segments.map((s, i) => (
        <HStack
          key={i}
          align="start"
          gap="3"
          px="2"
          py="1"
          borderRadius="md"
          bg={i === current ? 'brand.subtle' : undefined}
          aria-current={i === current ? 'true' : undefined}
          data-testid="transcript-line"
        >
          <Button
            size="xs"
            variant="ghost"
            fontFamily="mono"
            onClick={() => onJump(s.start)}
            aria-label={t('transcriptions.detail.jump', { time: timecode(s.start) })}
            disabled={!call.audio}
          >
            {timecode(s.start)}
          </Button>
          <Text flex="1">
            {s.speaker ? <Text as="span" fontWeight="semibold">{`${s.speaker}: `}</Text> : null}
            {s.text}
          </Text>
        </HStack>
      ))}
    </Stack>
  )
}

/** The provider's script against the call: each phrase, said (where) or not. */
function Checks({ call, onJump }: { call: TranscriptionDetail; onJump: (start: number) => void }) {
  const { t } = useTranslation()
  if (call.checkError) return <Notice status="warning" description={t('transcriptions.detail.notChecked')} />
  if (!call.checks) return <Text color="fg.muted">{t(call.providerName ? 'transcriptions.detail.noScript' : 'transcriptions.detail.noProvider')}</Text>
  return (
    <Stack gap="2" data-testid="transcript-checks">
      {call.checks.map((c) => (
        <HStack key={`${c.kind}:${c.id}`} justify="space-between" align="start" gap="3">
          <Box>
            <Text fontSize="xs" color="fg.muted">
              {t(`transcriptions.detail.${c.kind}`)}
            </Text>
            <Text>{c.text}</Text>
          </Box>
          {c.found && call.audio ? (
            <Button size="xs" variant="subtle" colorPalette={c.ok ? 'green' : 'red'} onClick={() => onJump(c.found!.start)}>
              {t('transcriptions.detail.saidAt', { time: timecode(c.found.start) })}
            </Button>
          ) : (
            <Badge variant="subtle" colorPalette={c.ok ? 'green' : 'red'}>
              {c.found ? t('transcriptions.detail.saidAt', { time: timecode(c.found.start) }) : t('transcriptions.detail.notSaid')}
            </Badge>
          )}
        </HStack>
      ))}
    </Stack>
  )
}

/** Typing or importing the call's text (no engine, or a correction). */
function TextEditor({ call, onSaved }: { call: TranscriptionDetail; onSaved: (next: TranscriptionDetail) => void }) {
  const { t } = useTranslation()
  const [text, setText] = useState(call.segments.map((s) => `[${timecode(s.start)}] ${s.speaker ? `${s.speaker}: ` : ''}${s.text}`).join('\n'))
  const saving = useAction(setTranscriptText, { onDone: onSaved })
  const { busy, error } = saving
  return (
    <Stack gap="2">
      {error ? <FormAlert message={error} /> : null}
      <Textarea
        rows={8}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('transcriptions.detail.editText')}
        data-testid="transcript-text-input"
      />
      <Text fontSize="sm" color="fg.muted">
        {t('transcriptions.detail.textHelp')}
      </Text>
      <div>
        <Button
          size="sm"
          colorPalette="brand"
          loading={busy}
          disabled={!text.trim()}
          data-testid="transcript-text-save"
          onClick={() => {
            void saving.run(call.id, text, call.version)
          }}
        >
          {t('table.save')}
        </Button>
      </div>
    </Stack>
  )
}

/** Why the speech engine failed on the call, and (for who may) sending the recording to it again. */
function Failed({ c }: { c: TranscriptionDetail }) {
  const { t } = useTranslation()
  const changed = useCallChanged()
  const again = useAction(transcribeAgain, { onDone: (next) => void changed(next) })
  const { busy, error } = again
  return (
    <Stack gap="2">
      <FormAlert message={t('transcriptions.detail.failed', { error: c.error ?? '' })} />
      {error ? <FormAlert message={error} /> : null}
      {c.may.transcribeAgain ? (
        <div>
          <Button
            size="sm"
            variant="outline"
            loading={busy}
            data-testid="transcript-again"
            onClick={() => {
              void again.run(c.id, c.version)
            }}
          >
            {t('transcriptions.detail.transcribeAgain')}
          </Button>
        </div>
      ) : null}
    </Stack>
  )
}

/** /backoffice/sellertranscriptions/:id: the recording with the text following it, the script's checks, the facts. */
export default function TranscriptionPage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const call = useTranscription(id)
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-sellertranscriptions'), to: '/backoffice/sellertranscriptions' }]
  return (
    <DetailState query={call} title={t('routes.backoffice-sellertranscriptions-id')} breadcrumbs={crumbs} notFound={t('pages.notFound.text')}>
      {(c) => <Call c={c} crumbs={crumbs} />}
    </DetailState>
  )
}

function Call({ c, crumbs }: { c: TranscriptionDetail; crumbs: Array<{ label: string; to?: string }> }) {
  const { t, lang } = useLanguage()
  const changed = useCallChanged()
  const player = useRef<HTMLAudioElement>(null)
  const [time, setTime] = useState(0)
  const [editing, setEditing] = useState(false)
  const jump = (start: number) => {
    if (!player.current) return
    player.current.currentTime = start
    void player.current.play().catch(() => undefined)
  }
  return (
    <Page title={`${c.sellerName} · ${formatDate(c.callAt, lang)} ${formatTime(c.callAt, lang)}`} breadcrumbs={crumbs}>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 1fr' }} gap="4" alignItems="start">
        <Stack gap="4">
          <SectionCard title={t('transcriptions.detail.recording')} size="sm">
            {c.audio ? (
              <audio
                ref={player}
                controls
                preload="metadata"
                src={audioUrl(c.id)}
                onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
                style={{ width: '100%' }}
                data-testid="transcript-audio"
              >
                <track kind="captions" />
              </audio>
            ) : (
              <Text color="fg.muted">{t('transcriptions.detail.noRecording')}</Text>
            )}
          </SectionCard>
          <SectionCard
            title={t('transcriptions.detail.text')}
            size="sm"
            end={
              c.may.edit && c.status !== 'transcribing' ? (
                <Button size="xs" variant="outline" onClick={() => setEditing((e) => !e)} data-testid="transcript-edit">
                  {t('transcriptions.detail.editText')}
                </Button>
              ) : null
            }
          >
            <Stack gap="3">
              {c.status === 'transcribing' ? <Text color="fg.muted">{t('transcriptions.detail.transcribing')}</Text> : null}
              {c.status === 'no_speech' ? <Notice status="warning" description={t('transcriptions.detail.noSpeech')} /> : null}
              {c.status === 'failed' ? <Failed c={c} /> : null}
              {c.status === 'awaiting_text' && !editing ? <Text color="fg.muted">{t('transcriptions.detail.awaitingText')}</Text> : null}
              {c.masked && c.segments.length ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('transcriptions.detail.masked')}
                </Text>
              ) : null}
              {editing ? (
                <TextEditor
                  call={c}
                  onSaved={(next) => {
                    setEditing(false)
                    void changed(next)
                  }}
                />
              ) : (
                <Segments call={c} current={c.audio ? segmentAt(c.segments, time) : -1} onJump={jump} />
              )}
              {c.dropped ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('transcriptions.detail.dropped', { count: c.dropped })}
                </Text>
              ) : null}
            </Stack>
          </SectionCard>
        </Stack>
        <Stack gap="4">
          <SectionCard
            title={t('transcriptions.detail.checks')}
            size="sm"
            end={
              c.checkResult ? (
                <Badge variant="subtle" colorPalette={c.checkResult === 'pass' ? 'green' : 'orange'} data-testid="transcript-result">
                  {t(`transcriptions.results.${c.checkResult}`)}
                </Badge>
              ) : null
            }
          >
            <Checks call={c} onJump={jump} />
          </SectionCard>
          <Card.Root size="sm">
            <Card.Body>
              <Stack gap="1" fontSize="sm">
                {c.providerName || c.teamName ? <Text>{[c.providerName, c.teamName].filter(Boolean).join(' · ')}</Text> : null}
                {c.saleId ? (
                  <Link asChild colorPalette="brand">
                    <RouterLink to={`/backoffice/salereports/${c.saleId}`}>
                      {t('transcriptions.detail.sale')}: {c.saleCustomerName ?? c.saleId}
                    </RouterLink>
                  </Link>
                ) : null}
                <Text color="fg.muted">
                  {c.engine
                    ? t('transcriptions.detail.meta', {
                        engine: c.engine === 'text' ? t('transcriptions.detail.byText') : [c.engine, c.model].filter(Boolean).join(' '),
                        language: t(`transcriptions.languages.${c.language}`),
                        by: c.createdByName,
                      })
                    : t('transcriptions.detail.metaNoEngine', { language: t(`transcriptions.languages.${c.language}`), by: c.createdByName })}
                </Text>
              </Stack>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Grid>
    </Page>
  )
}
