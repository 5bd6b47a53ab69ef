import { embedSettingsOf } from '../../../../shared/rules/guides'
import { Badge, Button, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import {
  EMBED_HEIGHT_MAX,
  EMBED_HEIGHT_MIN,
  EMBED_KINDS,
  EMBED_SCOPE_PARAMS,
  type EmbedInput,
  type EmbedItem,
  type EmbedKind,
} from '../../../../shared/schemas/guides'
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { RowActions } from '../../../components/ui/row-actions'
import { serverFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { createEmbed, deleteEmbed, setEmbedHosts, updateEmbed } from '../api/guides-api'
import { Choice, LookupChoice } from '../components/audience-picker'
import { FormDialog } from '../../../components/ui/form-dialog'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'
import { useAudienceRoles, useEmbedHosts, useEmbeds, useRefreshGuides, useRefreshGuidesHosts } from '../api/guides-queries'

/**
 * /guides/users-embeds (docs/decisions/069): the hosts embeds may come from, and the embeds — BI dashboards, videos,
 * forms, pages — with whom each is shown to; a signed one's key is set here and never shown again.
 */
export default function UsersEmbedsPage() {
  const { t } = useTranslation()
  const refreshGuides = useRefreshGuides()
  const embeds = useEmbeds()
  const [editing, setEditing] = useState<EmbedItem | 'new' | null>(null)
  const [deleting, setDeleting] = useState<EmbedItem | null>(null)
  const done = (message: string) => {
    snackbar.success(message)
    void refreshGuides()
  }
  const count = (e: EmbedItem) => e.assignees.users.length + e.assignees.roles.length + e.assignees.teams.length
  return (
    <Page title={t('routes.guides-users-embeds')} breadcrumbs={[{ label: t('nav.groups.guides') }]}>
      <Stack gap="5">
        <HostsCard />
        <CreateButton show label={t('guides.embeds.create')} onClick={() => setEditing('new')} testId="embed-create" />
        <QueryTable
          query={embeds}
          empty={t('guides.embeds.empty')}
          label={t('routes.guides-users-embeds')}
          rowKey={(e) => e.id}
          rowTestId="embed-row"
          columns={[
            {
              header: t('guides.embeds.name'),
              strong: true,
              cell: (e) => (
                <Stack gap="0">
                  <Text>{e.name}</Text>
                  <Text fontSize="xs" color="fg.muted" fontWeight="normal" wordBreak="break-all">
                    {e.url}
                  </Text>
                </Stack>
              ),
            },
            {
              header: t('guides.embeds.kind'),
              hideBelow: 'sm',
              cell: (e) => (
                <HStack gap="1">
                  <Text>{t(`guides.embeds.kinds.${e.kind}`)}</Text>
                  {e.signing !== 'none' ? <Badge colorPalette="purple">{t('guides.embeds.signed')}</Badge> : null}
                </HStack>
              ),
            },
            {
              header: t('guides.embeds.shownTo'),
              end: true,
              cell: (e) => (count(e) === 0 ? t('guides.embeds.noOne') : t('guides.embeds.assignees', { count: count(e) })),
            },
          ]}
          actions={(e) => (
            <RowActions
              name={e.name}
              editLabel={t('guides.embeds.edit')}
              deleteLabel={t('guides.embeds.delete')}
              onEdit={() => setEditing(e)}
              onDelete={() => setDeleting(e)}
            />
          )}
        />
      </Stack>
      {editing ? <EmbedDialog embed={editing === 'new' ? null : editing} onClose={() => setEditing(null)} onSaved={done} /> : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t('guides.embeds.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('guides.embeds.deleteText')}
        blocked={null}
        deleteLabel={t('guides.embeds.delete')}
        testId="delete-embed"
        onDelete={async () => {
          await deleteEmbed(deleting!.id, deleting!.version)
          done(t('guides.embeds.deleted', { name: deleting!.name }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Page>
  )
}

/** The allowed hosts, one a line: the pages' frames may show these and no others. */
function HostsCard() {
  const { t } = useTranslation()
  const refreshGuidesHosts = useRefreshGuidesHosts()
  const hosts = useEmbedHosts()
  const [text, setText] = useState<string | null>(null)
  const saving = useAction(setEmbedHosts, {
    fieldFirst: true,
    onDone: () => {
      setText(null)
      snackbar.success(t('guides.embeds.hostsSaved'))
      void refreshGuidesHosts()
    },
  })
  const { busy, error } = saving
  const save = () =>
    saving.run(
      (text ?? '')
        .split(/[\s,]+/)
        .map((h) => h.trim())
        .filter(Boolean),
    )
  return (
    <SectionCard title={t('guides.embeds.hosts')} subtitle={t('guides.embeds.hostsHelp')}>
      <QueryState query={hosts}>
        {(data) => (
          <Stack gap="2">
            {error ? <FormAlert message={error} /> : null}
            <Textarea
              rows={3}
              fontFamily="mono"
              aria-label={t('guides.embeds.hosts')}
              placeholder="bi.example.se"
              value={text ?? data.hosts.join('\n')}
              onChange={(e) => setText(e.currentTarget.value)}
              data-testid="embed-hosts"
            />
            <HStack justify="flex-end">
              <Button size="sm" variant="outline" disabled={text === null} loading={busy} onClick={() => void save()} data-testid="embed-hosts-save">
                {t('guides.embeds.saveHosts')}
              </Button>
            </HStack>
          </Stack>
        )}
      </QueryState>
    </SectionCard>
  )
}

function EmbedDialog(props: { embed: EmbedItem | null; onClose: () => void; onSaved: (message: string) => void }) {
  const { t } = useTranslation()
  const e = props.embed
  const [input, setInput] = useState<EmbedInput>(() =>
    e
      ? { ...embedSettingsOf(e), secret: null }
      : {
          name: '',
          kind: 'dashboard',
          url: 'https://',
          height: 600,
          signing: 'none',
          resource: null,
          scope: [],
          secret: null,
          assignees: { users: [], roles: [], teams: [] },
        },
  )
  const [fields, setFields] = useState<Record<string, string[]>>({})
  const saving = useAction(
    () => {
      const body = { ...input, resource: input.signing === 'none' ? null : input.resource, secret: input.secret || null }
      return e ? updateEmbed(e.id, { ...body, version: e.version }) : createEmbed(body)
    },
    {
      onDone: (saved) => {
        props.onSaved(t(e ? 'guides.embeds.saved' : 'guides.embeds.created', { name: saved.name }))
        props.onClose()
      },
      onError: (x) => {
        setFields(serverFieldErrors(x) ?? {})
        return false
      },
    },
  )
  const set = (change: Partial<EmbedInput>) => setInput((x) => ({ ...x, ...change }))
  const assign = (kind: 'users' | 'roles' | 'teams', ids: string[]) => setInput((x) => ({ ...x, assignees: { ...x.assignees, [kind]: ids } }))
  const err = (field: string) => fields[field]?.[0]
  const save = async () => {
    setFields({})
    await saving.run()
  }
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={e ? t('guides.embeds.editTitle', { name: e.name }) : t('guides.embeds.createTitle')}
      size="lg"
      scroll
      testId="embed-dialog"
      onSubmit={(e) => {
        e.preventDefault()
        void save()
      }}
      {...saving.dialog}
    >
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
          <Field.Root required invalid={!!err('name')}>
            <Field.Label>{t('guides.embeds.name')}</Field.Label>
            <Input value={input.name} maxLength={100} onChange={(ev) => set({ name: ev.currentTarget.value })} data-testid="embed-name" />
            <Field.ErrorText>{err('name')}</Field.ErrorText>
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('guides.embeds.kind')}</Field.Label>
            <Choices
              size="sm"
              value={input.kind}
              onChange={(ev) => set({ kind: ev.currentTarget.value as EmbedKind })}
              options={EMBED_KINDS.map((k) => ({ value: k, label: t(`guides.embeds.kinds.${k}`) }))}
            />
          </Field.Root>
          <Field.Root required invalid={!!err('url')}>
            <Field.Label>{t('guides.embeds.url')}</Field.Label>
            <Input type="url" value={input.url} onChange={(ev) => set({ url: ev.currentTarget.value })} data-testid="embed-url" />
            <Field.ErrorText>{err('url')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={!!err('height')}>
            <Field.Label>{t('guides.embeds.height')}</Field.Label>
            <Input
              type="number"
              min={EMBED_HEIGHT_MIN}
              max={EMBED_HEIGHT_MAX}
              value={input.height}
              onChange={(ev) => set({ height: Number(ev.currentTarget.value) })}
            />
            <Field.ErrorText>{err('height')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        <Checkbox.Root
          checked={input.signing === 'metabase'}
          onCheckedChange={(ev) =>
            set({ signing: ev.checked === true ? 'metabase' : 'none', resource: ev.checked === true ? (input.resource ?? { type: 'dashboard', id: 1 }) : null })
          }
          colorPalette="brand"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('guides.embeds.signing')}</Checkbox.Label>
        </Checkbox.Root>
        {input.signing === 'metabase' ? <SigningFields input={input} set={set} err={err} hasSecret={e?.hasSecret ?? false} /> : null}
        <Assignees assignees={input.assignees} onChange={assign} />
      </Stack>
    </FormDialog>
  )
}

/** A signed embed's resource, key and the reader's values its token locks. */
function SigningFields(props: {
  input: EmbedInput
  set: (change: Partial<EmbedInput>) => void
  err: (field: string) => string | undefined
  hasSecret: boolean
}) {
  const { t } = useTranslation()
  return (
    <Stack gap="3" ps="6">
      <Text fontSize="sm" color="fg.muted">
        {t('guides.embeds.signingHelp')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root invalid={!!props.err('resource')}>
          <Field.Label>{t('guides.embeds.resource')}</Field.Label>
          <HStack>
            <NativeSelect.Root size="sm" width="auto">
              <NativeSelect.Field
                value={props.input.resource?.type ?? 'dashboard'}
                onChange={(ev) => props.set({ resource: { type: ev.currentTarget.value as 'dashboard' | 'question', id: props.input.resource?.id ?? 1 } })}
              >
                <option value="dashboard">{t('guides.embeds.dashboard')}</option>
                <option value="question">{t('guides.embeds.question')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input
              type="number"
              min={1}
              aria-label={t('guides.embeds.resourceId')}
              value={props.input.resource?.id ?? 1}
              onChange={(ev) => props.set({ resource: { type: props.input.resource?.type ?? 'dashboard', id: Number(ev.currentTarget.value) } })}
            />
          </HStack>
          <Field.ErrorText>{props.err('resource')}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={!!props.err('secret')}>
          <Field.Label>{t('guides.embeds.secret')}</Field.Label>
          <Input
            type="password"
            autoComplete="new-password"
            placeholder={props.hasSecret ? t('guides.embeds.secretKept') : ''}
            value={props.input.secret ?? ''}
            onChange={(ev) => props.set({ secret: ev.currentTarget.value || null })}
          />
          <Field.ErrorText>{props.err('secret')}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <Stack gap="1">
        <Text fontSize="sm" fontWeight="medium">
          {t('guides.embeds.scope')}
        </Text>
        <HStack gap="4" wrap="wrap">
          {EMBED_SCOPE_PARAMS.map((p) => (
            <Check
              key={p}
              checked={props.input.scope.includes(p)}
              onChange={(checked) => props.set({ scope: checked ? [...props.input.scope, p] : props.input.scope.filter((x) => x !== p) })}
              label={t(`guides.embeds.scopes.${p}`)}
            />
          ))}
        </HStack>
      </Stack>
    </Stack>
  )
}

/** Whom an embed is shown to: roles, teams and people. */
function Assignees(props: { assignees: EmbedInput['assignees']; onChange: (kind: 'users' | 'roles' | 'teams', ids: string[]) => void }) {
  const { t } = useTranslation()
  const roles = useAudienceRoles()
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{t('guides.embeds.shownTo')}</Text>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Choice
          label={t('guides.audience.roles')}
          all={t('guides.embeds.noRoles')}
          ids={props.assignees.roles}
          items={(roles.data?.items ?? []).map((r) => ({ id: r.id, label: r.name }))}
          onChange={(ids) => props.onChange('roles', ids)}
        />
        <LookupChoice
          kind="teams"
          search
          label={t('guides.audience.teams')}
          all={t('guides.embeds.noTeams')}
          ids={props.assignees.teams}
          onChange={(ids) => props.onChange('teams', ids)}
        />
        <LookupChoice
          kind="users"
          search
          label={t('guides.embeds.people')}
          all={t('guides.embeds.noPeople')}
          ids={props.assignees.users}
          onChange={(ids) => props.onChange('users', ids)}
        />
      </SimpleGrid>
    </Stack>
  )
}
