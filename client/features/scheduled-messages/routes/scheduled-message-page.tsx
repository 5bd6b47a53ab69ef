import { Button, Flex, Stack } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import type { ScheduledMessageDetail } from '../../../../shared/schemas/scheduled-messages'
import { ActivityLog } from '../../../components/ui/activity-log'
import { DetailActions } from '../../../components/ui/detail-kit'
import { DetailState } from '../../../components/ui/detail-state'
import { FormAlert } from '../../../components/ui/form-alert'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { Page } from '../../../components/ui/page'
import { serverFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createMessage, deleteMessage, sendTestMessage, setMessageActive, updateMessage } from '../api/scheduled-messages-api'
import { HistoryCard } from '../components/history-card'
import { MessageCard } from '../components/message-card'
import { RecipientsCard } from '../components/recipients-card'
import { ScheduleCard } from '../components/schedule-card'
import { TextsCard } from '../components/texts-card'
import { emptyForm, formField, fromDetail, toInput, type MessageForm } from '../model/message-form'
import { Notice } from '../../../components/ui/notice'
import { useAction } from '../../../components/ui/use-action'
import { useMessage, useRefreshScheduledMessages } from '../api/scheduled-messages-queries'

const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(Date.now())

/**
 * /backoffice/scheduledmessages/:id (docs/decisions/071): a message's editor — texts per language with a preview,
 * the sender, the schedule with its next five sends, the recipients — and, once it exists, sending a test to oneself,
 * pausing, its history per occurrence and its log. `new` writes one.
 */
export default function ScheduledMessagePage() {
  const { t } = useTranslation()
  const { id = 'new' } = useParams()
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-scheduledmessages'), to: pathFor('backoffice-scheduledmessages') }]
  const detail = useMessage(id, { enabled: id !== 'new' })
  if (id === 'new') return <Editor key="new" message={null} crumbs={crumbs} />
  return (
    <DetailState query={detail} title={t('routes.backoffice-scheduledmessages-id')} breadcrumbs={crumbs} notFound={t('pages.notFound.text')}>
      {(m) => <Editor key={`${m.id}:${m.version}`} message={m} crumbs={crumbs} />}
    </DetailState>
  )
}

function Editor({ message, crumbs }: { message: ScheduledMessageDetail | null; crumbs: Array<{ label: string; to?: string }> }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const refreshScheduledMessages = useRefreshScheduledMessages()
  const ability = useAbility()
  const form = useForm<MessageForm>({ defaultValues: message ? fromDetail(message, today()) : emptyForm(today()) })
  const [names, setNames] = useState<Record<string, string>>(message?.recipientNames ?? {})
  const [error, setError] = useState<{ message: string; conflict: boolean } | null>(null)
  const [recipientsError, setRecipientsError] = useState<string | null>(null)
  const mayWrite = message ? message.may.edit : ability.can('create', 'scheduled_messages')
  const reload = () => void refreshScheduledMessages()

  const save = form.handleSubmit(async (values) => {
    setError(null)
    setRecipientsError(null)
    try {
      if (message) {
        await updateMessage(message.id, message.version, toInput(values))
        snackbar.success(t('scheduled.saved'))
        reload()
      } else {
        const { id } = await createMessage(toInput(values))
        snackbar.success(t('scheduled.created'))
        reload()
        navigate(pathFor('backoffice-scheduledmessages-id', { id }), { replace: true })
      }
    } catch (err) {
      const fieldErrors = serverFieldErrors(err)
      let placed = false
      for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
        const field = formField(path)
        if (field === 'recipients') setRecipientsError(messages[0] ?? null)
        else if (field) form.setError(field as keyof MessageForm, { message: messages[0] })
        placed ||= field !== null
      }
      if (!placed) setError(formErrorOf(err, t))
    }
  })

  const step = useAction(async (work: () => Promise<unknown>, done: string) => {
    try {
      await work()
      snackbar.success(done)
      reload()
    } catch (err) {
      setError(formErrorOf(err, t))
    }
  })
  const act = step.run
  const busy = step.busy
  const remove = async () => {
    if (!message) return
    const ok = await confirm({
      title: t('scheduled.deleteTitle', { name: message.name }),
      text: t('scheduled.deleteText'),
      confirmLabel: t('scheduled.delete'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (!ok) return
    await act(() => deleteMessage(message.id), t('scheduled.deleted'))
    navigate(pathFor('backoffice-scheduledmessages'))
  }

  return (
    <Page title={message?.name ?? t('scheduled.newTitle')} breadcrumbs={crumbs}>
      {message ? (
        <DetailActions
          actions={[
            {
              label: t('scheduled.sendTest'),
              show: true,
              onClick: () => void act(() => sendTestMessage(message.id), t('scheduled.testSent')),
              testId: 'message-test',
            },
            {
              label: message.active ? t('scheduled.pause') : t('scheduled.resume'),
              show: message.may.edit,
              onClick: () =>
                void act(() => setMessageActive(message.id, message.version, !message.active), t(message.active ? 'scheduled.paused' : 'scheduled.resumed')),
              testId: 'message-pause',
            },
            { label: t('scheduled.delete'), show: message.may.delete, danger: true, onClick: () => void remove(), testId: 'message-delete' },
          ]}
        />
      ) : null}
      <form onSubmit={save} noValidate data-testid="message-form">
        <fieldset disabled={!mayWrite || busy}>
          <Stack gap="5">
            <EditorError error={error} onReload={reload} />
            <MessageCard form={form} isNew={!message} />
            <TextsCard form={form} />
            <ScheduleCard form={form} />
            <RecipientsCard form={form} names={names} onName={(id, name) => setNames((n) => ({ ...n, [id]: name }))} error={recipientsError} />
            {mayWrite ? (
              <Flex justify="flex-end" position="sticky" bottom="0" py="3" bg="bg" zIndex="1">
                <Button type="submit" colorPalette="brand" loading={form.formState.isSubmitting} data-testid="message-save">
                  {t('scheduled.save')}
                </Button>
              </Flex>
            ) : null}
          </Stack>
        </fieldset>
      </form>
      {message ? (
        <>
          <HistoryCard runs={message.runs} />
          <ActivityLog
            lines={message.activity}
            testId="message-log"
            title={t('scheduled.sections.log')}
            fieldLabel={(k) => (k === 'name' ? t('scheduled.name') : undefined)}
          />
        </>
      ) : null}
    </Page>
  )
}

/** What went wrong on saving: a conflict offers to load the message as it is now, anything else is said on top. */
function EditorError({ error, onReload }: { error: { message: string; conflict: boolean } | null; onReload: () => void }) {
  const { t } = useTranslation()
  if (!error) return null
  if (!error.conflict) return <FormAlert message={error.message} />
  return (
    <Notice status="warning" description={error.message}>
      <Button size="sm" variant="outline" onClick={onReload}>
        {t('table.retry')}
      </Button>
    </Notice>
  )
}
