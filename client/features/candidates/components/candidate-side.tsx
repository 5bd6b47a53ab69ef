import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../../shared/format'
import type { CandidateDetail } from '../../../../shared/schemas/candidates'
import { pathFor } from '../../../../shared/routes'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { RecordLink } from '../../../components/ui/detail-kit'
import { useAbility } from '../../../lib/session'
import { FormAlert } from '../../../components/ui/form-alert'
import { snackbar } from '../../../lib/snackbar-store'
import { addCandidateNote, closeCandidate } from '../api/candidates-api'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { Notice } from '../../../components/ui/notice'
import { useAction } from '../../../components/ui/use-action'
import { useCandidateSettings } from '../api/candidates-queries'

/** A candidate's notes: who wrote what when, newest first, and a new one for who may change the candidate. */
export function NotesCard(props: { candidate: CandidateDetail; onAdded: () => void }) {
  const { t, lang } = useLanguage()
  const [text, setText] = useState('')
  const adding = useAction(addCandidateNote, {
    onDone: () => {
      setText('')
      snackbar.success(t('candidates.page.noteSaved'))
      props.onAdded()
    },
  })
  const { busy, error } = adding
  const c = props.candidate
  return (
    <SectionCard title={t('candidates.page.notes')} data-testid="candidate-notes">
      <Stack gap="3">
        {c.may.update ? (
          <form
            onSubmit={(e) => {
              e.preventDefault()
              if (!text.trim()) return
              void adding.run(c.id, text)
            }}
          >
            <Stack gap="2">
              {error ? <FormAlert message={error} /> : null}
              <Textarea aria-label={t('candidates.page.note')} value={text} onChange={(e) => setText(e.target.value)} rows={2} maxLength={2000} />
              <Button type="submit" size="sm" alignSelf="flex-start" loading={busy} disabled={!text.trim()}>
                {t('candidates.page.addNote')}
              </Button>
            </Stack>
          </form>
        ) : null}
        {c.notes.length === 0 ? (
          <Text color="fg.muted">{t('candidates.page.noNotes')}</Text>
        ) : (
          c.notes.map((n) => (
            <Stack key={n.id} gap="0" borderLeftWidth="3px" borderColor="border.emphasized" pl="3">
              <Text whiteSpace="pre-wrap">{n.text}</Text>
              <Text fontSize="xs" color="fg.muted">
                {n.authorName ?? '–'} · {formatDate(n.createdAt, lang)} {formatTime(n.createdAt, lang)}
              </Text>
            </Stack>
          ))
        )}
      </Stack>
    </SectionCard>
  )
}

/** Not hired: the reason, and when the candidate's data will be erased. */
export function CloseDialog(props: { candidate: CandidateDetail; onClose: () => void; onClosed: () => void }) {
  const { t } = useTranslation()
  const settings = useCandidateSettings()
  const [reason, setReason] = useState('')
  const closing = useAction(closeCandidate, { onDone: props.onClosed })
  const { busy, error } = closing
  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={t('candidates.page.closeTitle')}
      testId="candidate-close-dialog"
      size="sm"
      onSubmit={(e) => {
        e.preventDefault()
        void closing.run(props.candidate.id, reason, props.candidate.version)
      }}
      footer={
        <DialogButtons
          onCancel={props.onClose}
          cancelLabel={t('candidates.actions.cancel')}
          action={{ label: t('candidates.page.close'), loading: busy, disabled: !reason.trim() }}
        />
      }
    >
      <Stack gap="3">
        {error ? <FormAlert message={error} /> : null}
        {settings.data ? (
          <Text fontSize="sm" color="fg.muted">
            {t('candidates.page.closeHint', { days: settings.data.retentionDays })}
          </Text>
        ) : null}
        <Textarea
          aria-label={t('candidates.page.closeReason')}
          placeholder={t('candidates.page.closeReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={500}
        />
      </Stack>
    </AppDialog>
  )
}

/** Where the candidate ended: onboarded and linked to their user, not hired (with why), or erased. */
export function StatusAlert(props: { candidate: CandidateDetail }) {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const c = props.candidate
  const day = (ms: number | null) => (ms ? formatDate(ms, lang) : '–')
  if (c.status === 'onboarded')
    return (
      <Notice
        status="success"
        data-testid="candidate-onboarded"
        description={
          <HStack gap="3" wrap="wrap">
            <Text>{t('candidates.page.onboarded', { date: day(c.onboardedAt) })}</Text>
            {c.userId && ability.can('view', 'users') ? (
              <RecordLink to={pathFor('user-admin-users-id', { id: c.userId })}>{t('candidates.page.openUser')}</RecordLink>
            ) : null}
          </HStack>
        }
      />
    )
  if (c.status === 'active') return null
  return (
    <Notice
      status={c.status === 'closed' ? 'warning' : 'info'}
      description={c.status === 'closed' ? t('candidates.page.closed', { date: day(c.closedAt), reason: c.closedReason ?? '' }) : t('candidates.page.erased')}
    />
  )
}
