import { Badge, Box, Button, HStack, Input, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatOph } from '../../../../shared/format'
import { OPH_FIELDS, effectiveOph, ophProblems, ophToHundredths, type OphField } from '../../../../shared/rules/oph'
import { OPH_MAX, type OphOverview, type OphOwn, type OphScope, type OphValues } from '../../../../shared/schemas/org'
import { FormDialog, useFormError } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { useMediaQuery } from '../../../lib/use-media-query'
import { setOphTarget } from '../api/org-api'
import { useLanguage } from '../../../lib/use-language'
import { useOphTargets, useRefreshOrgOphTargets } from '../api/org-queries'

type Editing = { scope: OphScope; id: string; name: string; own: OphOwn | null; office: OphValues | null }

/** On a phone: a block per office, its own targets first, then each team's (the office's shown in italics where the team has none). */
function OphCards(props: { offices: OphOverview['offices']; may: OphOverview['may'] | undefined; onEdit: (editing: Editing) => void }) {
  return (
    <Stack gap="4">
      {props.offices.map((o) => (
        <Stack key={o.id} gap="0" borderWidth="1px" rounded="md" overflow="hidden">
          <OphCard
            testId="oph-office-row"
            title={o.name}
            subtitle={o.regionName}
            values={o.own}
            inherited={false}
            strong
            edit={props.may?.office ? () => props.onEdit({ scope: 'office', id: o.id, name: o.name, own: o.own, office: null }) : null}
          />
          {o.teams.map((team) => {
            const effective = effectiveOph(team.own, o.own)
            return (
              <OphCard
                key={team.id}
                testId="oph-team-row"
                title={team.name}
                values={effective?.values ?? null}
                inherited={effective?.from === 'office'}
                edit={props.may?.team ? () => props.onEdit({ scope: 'team', id: team.id, name: team.name, own: team.own, office: o.own }) : null}
              />
            )
          })}
        </Stack>
      ))}
    </Stack>
  )
}

/**
 * /user-admin/oph (decision 042): OPH targets (orders per hour) for levels 1 and 2 in the classes gold and
 * platinum, per office and per team. A team without its own follows its office's (shown muted). Those who may
 * change offices (teams) set, change and remove their targets.
 */
export default function OphPage() {
  const { t, lang } = useLanguage()
  const refreshOrgOphTargets = useRefreshOrgOphTargets()
  const overview = useOphTargets()
  const [editing, setEditing] = useState<Editing | null>(null)
  // A phone reads one block per office and team; the table's five columns do not fit.
  const wide = useMediaQuery('(min-width: 48rem)')
  const may = overview.data?.may
  const actions = may ? may.office || may.team : false

  const cells = (values: OphValues | null, inherited: boolean) =>
    OPH_FIELDS.map((f) => (
      <Table.Cell key={f} textAlign="end" color={inherited ? 'fg.muted' : undefined} fontStyle={inherited ? 'italic' : undefined}>
        {values ? formatOph(values[f], lang) : '–'}
      </Table.Cell>
    ))

  return (
    <Page title={t('routes.user-admin-oph')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('orgAdmin.oph.intro')}
        </Text>
        {overview.isError ? (
          <LoadError error={overview.error} onRetry={() => void overview.refetch()} />
        ) : !overview.data ? (
          <Skeleton h="40" aria-busy />
        ) : overview.data.offices.length === 0 ? (
          <Text color="fg.muted">{t('orgAdmin.oph.empty')}</Text>
        ) : !wide ? (
          <OphCards offices={overview.data.offices} may={may} onEdit={setEditing} />
        ) : (
          <Table.ScrollArea borderWidth="1px" rounded="md">
            <Table.Root size="sm" aria-label={t('routes.user-admin-oph')}>
              <OphHeader actions={!!actions} />
              <Table.Body>
                {overview.data.offices.map((o) => [
                  <Table.Row key={o.id} bg="bg.muted" data-testid="oph-office-row">
                    <Table.Cell fontWeight="semibold">
                      {o.name}
                      <Text as="span" color="fg.muted" fontWeight="normal" fontSize="xs">
                        {' '}
                        · {o.regionName}
                      </Text>
                    </Table.Cell>
                    {cells(o.own, false)}
                    {actions ? (
                      <Table.Cell textAlign="end">
                        {may?.office ? (
                          <Button
                            size="xs"
                            variant="outline"
                            aria-label={`${t('orgAdmin.oph.edit')}: ${o.name}`}
                            onClick={() => setEditing({ scope: 'office', id: o.id, name: o.name, own: o.own, office: null })}
                          >
                            {t('orgAdmin.oph.edit')}
                          </Button>
                        ) : null}
                      </Table.Cell>
                    ) : null}
                  </Table.Row>,
                  ...o.teams.map((team) => {
                    const effective = effectiveOph(team.own, o.own)
                    return (
                      <Table.Row key={team.id} data-testid="oph-team-row">
                        <Table.Cell ps="6">
                          <HStack gap="2" wrap="wrap">
                            <Text>{team.name}</Text>
                            {effective?.from === 'office' ? (
                              <Badge size="sm" variant="subtle">
                                {t('orgAdmin.oph.followsOffice')}
                              </Badge>
                            ) : null}
                          </HStack>
                        </Table.Cell>
                        {cells(effective?.values ?? null, effective?.from === 'office')}
                        {actions ? (
                          <Table.Cell textAlign="end">
                            {may?.team ? (
                              <Button
                                size="xs"
                                variant="outline"
                                aria-label={`${t('orgAdmin.oph.edit')}: ${team.name}`}
                                onClick={() => setEditing({ scope: 'team', id: team.id, name: team.name, own: team.own, office: o.own })}
                              >
                                {t('orgAdmin.oph.edit')}
                              </Button>
                            ) : null}
                          </Table.Cell>
                        ) : null}
                      </Table.Row>
                    )
                  }),
                ])}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Stack>
      {editing ? (
        <OphDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            snackbar.success(message)
            void refreshOrgOphTargets()
          }}
          onConflict={() => void overview.refetch()}
        />
      ) : null}
    </Page>
  )
}

/** The table's two header rows: each level's gold and platinum targets (their full names for screen readers). */
function OphHeader({ actions }: { actions: boolean }) {
  const { t } = useTranslation()
  return (
    <Table.Header>
      <Table.Row>
        <Table.ColumnHeader rowSpan={2}>{t('orgAdmin.oph.scope')}</Table.ColumnHeader>
        <Table.ColumnHeader colSpan={2} textAlign="center">
          {t('orgAdmin.oph.level', { level: 1 })}
        </Table.ColumnHeader>
        <Table.ColumnHeader colSpan={2} textAlign="center">
          {t('orgAdmin.oph.level', { level: 2 })}
        </Table.ColumnHeader>
        {actions ? <Table.ColumnHeader rowSpan={2} /> : null}
      </Table.Row>
      <Table.Row>
        {[1, 2].flatMap((level) =>
          (['gold', 'platinum'] as const).map((c) => (
            <Table.ColumnHeader key={`${level}${c}`} textAlign="end">
              <span aria-hidden="true">{t(`orgAdmin.oph.${c}`)}</span>
              <Box as="span" srOnly>
                {t('orgAdmin.oph.fieldLabel', { level, class: t(`orgAdmin.oph.${c}`) })}
              </Box>
            </Table.ColumnHeader>
          )),
        )}
      </Table.Row>
    </Table.Header>
  )
}

/** One office or team on a phone: its name, its four targets labelled, and its action. */
function OphCard(props: {
  testId: string
  title: string
  subtitle?: string
  values: OphValues | null
  inherited: boolean
  strong?: boolean
  edit: (() => void) | null
}) {
  const { t, lang } = useLanguage()
  return (
    <Stack gap="2" p="3" bg={props.strong ? 'bg.muted' : undefined} borderTopWidth={props.strong ? undefined : '1px'} data-testid={props.testId}>
      <HStack justify="space-between" gap="2" align="start">
        <Stack gap="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight={props.strong ? 'semibold' : 'medium'}>{props.title}</Text>
            {props.inherited ? (
              <Badge size="sm" variant="subtle">
                {t('orgAdmin.oph.followsOffice')}
              </Badge>
            ) : null}
          </HStack>
          {props.subtitle ? (
            <Text color="fg.muted" fontSize="xs">
              {props.subtitle}
            </Text>
          ) : null}
        </Stack>
        {props.edit ? (
          <Button size="xs" variant="outline" aria-label={`${t('orgAdmin.oph.edit')}: ${props.title}`} onClick={props.edit}>
            {t('orgAdmin.oph.edit')}
          </Button>
        ) : null}
      </HStack>
      {props.values ? (
        <SimpleGrid columns={2} gapX="4" gapY="1" fontSize="sm" color={props.inherited ? 'fg.muted' : undefined}>
          {OPH_FIELDS.map((f) => {
            const level = f.startsWith('level1') ? 1 : 2
            const c = f.endsWith('Gold') ? 'gold' : 'platinum'
            return (
              <HStack key={f} justify="space-between">
                <Text color="fg.muted">{t('orgAdmin.oph.fieldLabel', { level, class: t(`orgAdmin.oph.${c}`) })}</Text>
                <Text fontStyle={props.inherited ? 'italic' : undefined}>{formatOph(props.values![f], lang)}</Text>
              </HStack>
            )
          })}
        </SimpleGrid>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('orgAdmin.oph.none')}
        </Text>
      )}
    </Stack>
  )
}

type OphForm = Record<OphField, string>

function OphDialog(props: { editing: Editing; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t, lang } = useLanguage()
  const { editing } = props
  const start = editing.own ?? editing.office
  const form = useForm<OphForm>({
    defaultValues: Object.fromEntries(OPH_FIELDS.map((f) => [f, start ? formatOph(start[f], lang) : ''])) as OphForm,
  })
  const formError = useFormError(props.onConflict)
  const [removing, setRemoving] = useState(false)
  const { errors, isSubmitting } = form.formState

  const send = async (values: OphValues | null) => {
    formError.clear()
    try {
      await setOphTarget(editing.scope, editing.id, { values, version: editing.own?.version ?? null })
      props.onSaved(t(values ? 'orgAdmin.oph.saved' : 'orgAdmin.oph.removed', { name: editing.name }))
      props.onClose()
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, OPH_FIELDS)) {
        formError.fail(err)
      }
    }
  }
  const submit = form.handleSubmit(async (raw) => {
    await send(Object.fromEntries(OPH_FIELDS.map((f) => [f, ophToHundredths(raw[f])])) as OphValues)
  })
  const inRange = (v: string) => {
    const n = ophToHundredths(v)
    if (v.trim() === '') return 'validation.required'
    return Number.isNaN(n) || n < 1 || n > OPH_MAX ? t('orgAdmin.oph.outOfRange') : true
  }
  // A field in range, and a platinum one above its level's gold (the class order, as the server checks it).
  const validate = (f: OphField) => (v: string, all: OphForm) => {
    const own = inRange(v)
    if (own !== true || !f.endsWith('Platinum')) return own
    const values = Object.fromEntries(OPH_FIELDS.map((k) => [k, ophToHundredths(all[k])])) as OphValues
    return ophProblems(values)[f] ? t('orgAdmin.oph.platinumNotAboveGold') : true
  }

  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={t('orgAdmin.oph.editTitle', { name: editing.name })}
      testId="oph-dialog"
      onSubmit={submit}
      submitting={isSubmitting || removing}
      {...formError.props}
      onReload={props.onClose}
    >
      {editing.scope === 'team' && !editing.own ? (
        <Text fontSize="sm" color="fg.muted">
          {editing.office ? t('orgAdmin.oph.teamFollows') : t('orgAdmin.oph.teamNone')}
        </Text>
      ) : null}
      {[1, 2].map((level) => (
        <Stack key={level} gap="2">
          <Text fontWeight="medium" fontSize="sm">
            {t('orgAdmin.oph.level', { level })}
          </Text>
          <SimpleGrid columns={2} gap="3">
            {(['Gold', 'Platinum'] as const).map((c) => {
              const f = `level${level}${c}` as OphField
              return (
                <FormField key={f} label={t('orgAdmin.oph.fieldLabel', { level, class: t(`orgAdmin.oph.${c.toLowerCase()}`) })} error={errors[f]} required>
                  <Input
                    inputMode="decimal"
                    autoComplete="off"
                    {...form.register(f, { validate: validate(f), deps: f.endsWith('Gold') ? [f.replace('Gold', 'Platinum') as OphField] : [] })}
                  />
                </FormField>
              )
            })}
          </SimpleGrid>
        </Stack>
      ))}
      {editing.own ? (
        <HStack>
          <Button
            size="sm"
            variant="ghost"
            colorPalette="red"
            loading={removing}
            onClick={() => {
              setRemoving(true)
              void send(null).finally(() => setRemoving(false))
            }}
          >
            {editing.scope === 'team' ? t('orgAdmin.oph.removeTeam') : t('orgAdmin.oph.removeOffice')}
          </Button>
        </HStack>
      ) : null}
    </FormDialog>
  )
}
