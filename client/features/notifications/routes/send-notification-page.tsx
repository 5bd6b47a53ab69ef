import { Box, Button, Card, CloseButton, Flex, Heading, SimpleGrid, Skeleton, Stack, Tag, Text, Wrap } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../../shared/format'
import { sendMessageInputSchema, type MessageAudienceInput } from '../../../../shared/schemas/notifications'
import { formErrorOf } from '../../../components/ui/form-dialog'
import { LoadError } from '../../../components/ui/load-error'
import { fetchLookup, type LookupKind } from '../../../components/ui/lookup/lookup-api'
import { LookupCombobox } from '../../../components/ui/lookup/lookup-select'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { currentLanguage } from '../../../lib/i18n'
import { roleName } from '../../../lib/role-name'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { previewAudience, sendMessage } from '../api/notifications-api'
import { FormAlert } from '../../../components/ui/form-alert'
import { useSchemaForm, TextField, TextAreaField } from '../../../components/ui/form-kit'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'
import { Notice } from '../../../components/ui/notice'
import { useAudienceRoles, usePreviewAudience, useRefreshNotificationsSent, useSentMessages } from '../api/notifications-queries'
import { useDebounced } from '../../../lib/use-debounced'

type ChosenKind = 'users' | 'teams' | 'offices' | 'roles'
type Chosen = { kind: ChosenKind; id: string; label: string }
const AUDIENCE_KEY: Record<ChosenKind, 'userIds' | 'teamIds' | 'officeIds' | 'roleIds'> = {
  users: 'userIds',
  teams: 'teamIds',
  offices: 'officeIds',
  roles: 'roleIds',
}
const textSchema = sendMessageInputSchema.omit({ audience: true })
const FIELDS = ['title', 'message', 'link'] as const

/**
 * /user-admin/users/notifications: an administrator writes a message and sends it to everyone or to chosen people,
 * teams, offices and roles (docs/decisions/031). The screen says how many it reaches before it goes, asks once,
 * and keeps the history below.
 */
export default function SendNotificationPage() {
  const { t } = useTranslation()
  const ability = useAbility()
  if (!ability.can('update', 'users')) {
    return (
      <Page
        title={t('routes.user-admin-users-notifications')}
        breadcrumbs={[{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-users'), to: '/user-admin/users' }]}
      >
        <Notice status="info" data-testid="send-not-allowed" description={t('messagesAdmin.notAllowed')} />
      </Page>
    )
  }
  return <SendNotification />
}

function SendNotification() {
  const { t } = useTranslation()
  const refreshNotificationsSent = useRefreshNotificationsSent()
  const [everyone, setEveryone] = useState(false)
  const [chosen, setChosen] = useState<Chosen[]>([])
  const [audienceError, setAudienceError] = useState<string | null>(null)
  const [formError, setFormError] = useState<string | null>(null)

  const audience = useMemo<MessageAudienceInput>(() => {
    const a = { everyone, userIds: [] as string[], teamIds: [] as string[], officeIds: [] as string[], roleIds: [] as string[] }
    if (!everyone) for (const c of chosen) a[AUDIENCE_KEY[c.kind]].push(c.id)
    return a
  }, [everyone, chosen])
  const hasAudience = everyone || chosen.length > 0
  // How many it reaches, asked again a moment after the audience changes.
  const asked = useDebounced(audience, 250)
  const reach = usePreviewAudience(asked, {
    enabled: asked.everyone || (asked.userIds?.length ?? 0) + (asked.teamIds?.length ?? 0) + (asked.officeIds?.length ?? 0) + (asked.roleIds?.length ?? 0) > 0,
  })

  const form = useSchemaForm(textSchema, { defaultValues: { title: '', message: '', link: '' } })
  const { isSubmitting } = form.formState

  const add = async (kind: ChosenKind, id: string | undefined, known?: string) => {
    if (!id || chosen.some((c) => c.kind === kind && c.id === id)) return
    let label = known
    if (!label && kind !== 'roles') label = (await fetchLookup(kind as LookupKind, { ids: id })).items[0]?.label
    setChosen((list) => [...list, { kind, id, label: label ?? id }])
    setAudienceError(null)
  }

  const submit = form.handleSubmit(async (values) => {
    setFormError(null)
    if (!hasAudience) {
      setAudienceError(t('validation.audienceEmpty'))
      return
    }
    const count = (await previewAudience(audience).catch(() => null))?.recipients ?? reach.data?.recipients ?? 0
    const ok = await confirm({
      title: t('messagesAdmin.confirmTitle'),
      text: t('messagesAdmin.confirmText', { title: values.title, count }),
      confirmLabel: t('messagesAdmin.send'),
      cancelLabel: t('table.cancel'),
    })
    if (!ok) return
    try {
      const sent = await sendMessage({ ...values, link: values.link || null, audience })
      snackbar.success(t('messagesAdmin.sent', { count: sent.recipients }))
      form.reset()
      setChosen([])
      setEveryone(false)
      void refreshNotificationsSent()
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, FIELDS)) setFormError(formErrorOf(err, t).message)
    }
  })

  return (
    <Page
      title={t('routes.user-admin-users-notifications')}
      breadcrumbs={[{ label: t('nav.groups.userAdmin') }, { label: t('routes.user-admin-users'), to: '/user-admin/users' }]}
    >
      <Text color="fg.muted" maxW="3xl">
        {t('messagesAdmin.intro')}
      </Text>
      <Card.Root>
        <Card.Header>
          <Heading size="md">{t('messagesAdmin.compose')}</Heading>
        </Card.Header>
        <Card.Body>
          <form onSubmit={submit} noValidate data-testid="send-message-form">
            <Stack gap="5">
              {formError ? <FormAlert message={formError} /> : null}
              <Stack gap="3" role="group" aria-labelledby="audience-label">
                <Text id="audience-label" fontWeight="medium">
                  {t('messagesAdmin.chosen')}
                </Text>
                <AudiencePicker
                  everyone={everyone}
                  onEveryone={(checked) => {
                    setEveryone(checked)
                    setAudienceError(null)
                  }}
                  chosen={chosen}
                  onAdd={(kind, id, label) => void add(kind, id, label)}
                  onRemove={(c) => setChosen((list) => list.filter((x) => !(x.kind === c.kind && x.id === c.id)))}
                />
                {audienceError ? (
                  <FormAlert message={audienceError} fontSize="sm" />
                ) : hasAudience ? (
                  <Text fontSize="sm" fontWeight="medium" data-testid="audience-size" aria-live="polite">
                    {reach.isError
                      ? formErrorOf(reach.error, t).message
                      : reach.data && !reach.isPlaceholderData && asked === audience
                        ? t('messagesAdmin.reaches', { count: reach.data.recipients })
                        : t('messagesAdmin.counting')}
                  </Text>
                ) : null}
              </Stack>
              <TextField form={form} name="title" label={t('messagesAdmin.title')} maxLength={80} required />
              <TextAreaField form={form} name="message" label={t('messagesAdmin.message')} rows={4} maxLength={1000} required />
              <TextField form={form} name="link" label={t('messagesAdmin.link')} placeholder="/sales/list" helper={t('messagesAdmin.linkHelp')} />
              <Flex justify="flex-end">
                <Button type="submit" colorPalette="brand" loading={isSubmitting}>
                  {t('messagesAdmin.send')}
                </Button>
              </Flex>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>

      <SentHistory />
    </Page>
  )
}

/** Whom a message goes to: everyone, or people, teams, offices and roles added one by one (each removable). */
function AudiencePicker({
  everyone,
  onEveryone,
  chosen,
  onAdd,
  onRemove,
}: {
  everyone: boolean
  onEveryone: (checked: boolean) => void
  chosen: Chosen[]
  onAdd: (kind: ChosenKind, id: string | undefined, label?: string) => void
  onRemove: (c: Chosen) => void
}) {
  const { t } = useTranslation()
  const roles = useAudienceRoles()
  const kinds: Array<{ kind: Exclude<ChosenKind, 'roles'>; label: string }> = [
    { kind: 'users', label: t('messagesAdmin.people') },
    { kind: 'teams', label: t('messagesAdmin.teams') },
    { kind: 'offices', label: t('messagesAdmin.offices') },
  ]
  return (
    <>
      <Check checked={everyone} onChange={onEveryone} data-testid="audience-everyone" label={t('messagesAdmin.everyone')} />
      <SimpleGrid columns={{ base: 1, md: 2, xl: 4 }} gap="3" opacity={everyone ? 0.5 : 1} aria-disabled={everyone}>
        {kinds.map((k) => (
          <Box key={k.kind} pointerEvents={everyone ? 'none' : undefined}>
            <Text fontSize="sm" mb="1">
              {k.label}
            </Text>
            {/* A picker that adds: it starts empty again after each choice. */}
            <LookupCombobox
              key={`${k.kind}-${chosen.length}`}
              kind={k.kind}
              label={k.label}
              placeholder={t('messagesAdmin.searchToAdd')}
              value={undefined}
              onChange={(id) => onAdd(k.kind, id)}
            />
          </Box>
        ))}
        <Box pointerEvents={everyone ? 'none' : undefined}>
          <Text fontSize="sm" mb="1">
            {t('messagesAdmin.roles')}
          </Text>
          <Choices
            size="sm"
            aria-label={t('messagesAdmin.roles')}
            value=""
            onChange={(e) => {
              const role = roles.data?.items.find((r) => r.id === e.currentTarget.value)
              if (role) onAdd('roles', role.id, roleName(t, role.key, role.name))
            }}
            empty={t('alertRecipients.choose')}
            options={(roles.data?.items ?? []).map((r) => ({ value: r.id, label: roleName(t, r.key, r.name) }))}
          />
        </Box>
      </SimpleGrid>
      {!everyone ? (
        chosen.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            {t('messagesAdmin.noneChosen')}
          </Text>
        ) : (
          <Wrap gap="2" data-testid="audience-chosen">
            {chosen.map((c) => (
              <Tag.Root key={`${c.kind}:${c.id}`} size="lg" variant="subtle" colorPalette={c.kind === 'users' ? 'gray' : 'brand'}>
                <Tag.Label>{c.label}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton size="2xs" aria-label={t('messagesAdmin.remove', { name: c.label })} onClick={() => onRemove(c)} />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </Wrap>
        )
      ) : null}
    </>
  )
}

/** The messages sent before, newest first: title, when, the start of the text, whom it reached and who sent it. */
function SentHistory() {
  const { t } = useTranslation()
  const lang = currentLanguage()
  const history = useSentMessages()
  const when = (ms: number) => `${formatDate(ms, lang)} ${formatTime(ms, lang)}`
  const sent = history.data?.items ?? []
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t('messagesAdmin.history')}
      </Heading>
      {history.isError ? (
        <LoadError error={history.error} onRetry={() => void history.refetch()} />
      ) : history.isPending ? (
        <Stack gap="3" aria-busy="true">
          <Skeleton h="16" />
          <Skeleton h="16" />
        </Stack>
      ) : sent.length === 0 ? (
        <Text color="fg.muted" data-testid="sent-messages-empty">
          {t('messagesAdmin.historyEmpty')}
        </Text>
      ) : (
        <Stack gap="3" data-testid="sent-messages">
          {sent.map((m) => (
            <Card.Root key={m.id} size="sm" data-testid="sent-message">
              <Card.Body>
                <Flex justify="space-between" gap="3" wrap="wrap">
                  <Text fontWeight="semibold">{m.title}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {when(m.sentAt)}
                  </Text>
                </Flex>
                <Text fontSize="sm" color="fg.muted" lineClamp={2} mt="1">
                  {m.message}
                </Text>
                <Text fontSize="sm" mt="2">
                  {t('messagesAdmin.audience')}: {m.everyone ? t('messagesAdmin.toEveryone') : m.audience.join(', ')} ·{' '}
                  {t('messagesAdmin.reaches', { count: m.recipients })}
                  {m.sentByName ? ` · ${t('messagesAdmin.sentBy')} ${m.sentByName}` : ''}
                </Text>
              </Card.Body>
            </Card.Root>
          ))}
        </Stack>
      )}
    </Stack>
  )
}
