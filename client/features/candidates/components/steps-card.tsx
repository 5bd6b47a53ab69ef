import type { TFunction } from 'i18next'
import { Button, Code, Field, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import type { CandidateDetail, CandidateStep, StepName } from '../../../../shared/schemas/candidates'
import { AppDialog } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { stepFailureText } from '../model/step-failure'
import { confirm } from '../../../lib/confirm-store'
import { startStep } from '../api/candidates-api'
import type { CandidateChoices } from './candidate-dialog'
import { StepStatusBadge } from './stage-badge'
import { Choices } from '../../../components/ui/choices'
import { Notice } from '../../../components/ui/notice'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'

/** A step's line under its name: why it failed or is retried, until when its link holds, the directory account, when it ended. */
function stepDetail(s: CandidateStep, t: TFunction, lang: FormatLanguage): string | null {
  const d = s.detail ?? {}
  if (s.status === 'failed' && s.error) return stepFailureText(s.error, t)
  if (s.status === 'running' && s.error) return t('candidates.steps.detail.retrying', { error: s.error })
  if (s.status === 'waiting_candidate' && typeof d.expiresAt === 'number')
    return t('candidates.steps.detail.linkUntil', { date: `${formatDate(d.expiresAt, lang)} ${formatTime(d.expiresAt, lang)}` })
  if (s.step === 'accounts' && s.status === 'done')
    return d.directoryEmail ? t('candidates.steps.detail.directory', { email: String(d.directoryEmail) }) : t('candidates.steps.detail.noDirectory')
  if (s.status === 'done' && s.finishedAt) return formatDate(s.finishedAt, lang)
  return null
}

/**
 * The four onboarding steps (docs/decisions/070): each with its state, what it produced or why it failed, and its
 * action after the spec's confirmation — start, send again while the candidate has not answered, retry after a
 * failure — or, when it cannot start now, the reason beside the disabled action. The accounts step asks for the
 * team and shows the temporary password once.
 */
export function StepsCard(props: { candidate: CandidateDetail; choices: CandidateChoices | undefined; onChanged: () => void }) {
  const { t, lang } = useLanguage()
  const c = props.candidate
  const name = `${c.firstName} ${c.lastName}`
  const [accounts, setAccounts] = useState(false)
  const [password, setPassword] = useState<string | null>(null)

  // A step started: a new account's first password is shown once; the candidate is read again. Nothing thrown.
  const starting = useAction((step: StepName, json: { teamId?: string } = {}) => startStep(c.id, step, json), {
    failure: 'form',
    onDone: (answer) => {
      if (answer.password) setPassword(answer.password)
      props.onChanged()
    },
  })
  const run = async (step: StepName, json: { teamId?: string } = {}) => (await starting.run(step, json)) !== undefined
  const error = starting.error
  const ask = async (s: CandidateStep) => {
    if (s.step === 'accounts') return setAccounts(true)
    const text =
      s.step === 'preonboarding'
        ? t('candidates.steps.confirmPreonboarding', { name })
        : t('candidates.steps.confirmContract', { name, contract: t(`candidates.kinds.${s.step === 'work_contract' ? 'work' : 'education'}`) })
    const ok = await confirm({
      title: t(`candidates.steps.${s.step}`),
      text,
      confirmLabel: t('candidates.actions.continue'),
      cancelLabel: t('candidates.actions.cancel'),
    })
    if (ok) await run(s.step)
  }

  const detailOf = (s: CandidateStep) => stepDetail(s, t, lang)

  return (
    <>
      <SectionCard title={t('candidates.page.steps')} data-testid="candidate-steps">
        <Stack gap="4">
          {error ? <FormAlert message={error} /> : null}
          {c.steps.map((s, i) => {
            const label =
              s.status === 'failed'
                ? t('candidates.steps.retry')
                : s.status === 'waiting_candidate'
                  ? t('candidates.steps.again')
                  : t(`candidates.steps.${s.step}`)
            const actionable = s.status !== 'running' && s.status !== 'done'
            const detail = detailOf(s)
            return (
              <Stack
                key={s.step}
                direction={{ base: 'column', md: 'row' }}
                justify="space-between"
                align={{ base: 'stretch', md: 'center' }}
                gap="2"
                borderTopWidth={i === 0 ? 0 : '1px'}
                pt={i === 0 ? 0 : '4'}
                data-testid={`step-${s.step}`}
              >
                <Stack gap="1">
                  <HStack gap="2" wrap="wrap">
                    <Text fontWeight="semibold">
                      {i + 1}. {t(`candidates.stages.${s.step}`)}
                    </Text>
                    <StepStatusBadge status={s.status} testId={`step-${s.step}-status`} />
                  </HStack>
                  {detail ? (
                    <Text fontSize="sm" color={s.status === 'failed' ? 'fg.error' : 'fg.muted'}>
                      {detail}
                    </Text>
                  ) : null}
                </Stack>
                {actionable ? (
                  <Stack gap="1" align={{ base: 'stretch', md: 'flex-end' }}>
                    <Button
                      size="sm"
                      variant={s.status === 'waiting' && s.blockedBy === null ? 'solid' : 'outline'}
                      colorPalette="brand"
                      disabled={s.blockedBy !== null}
                      onClick={() => void ask(s)}
                      data-testid={`step-${s.step}-action`}
                    >
                      {label}
                    </Button>
                    {s.blockedBy && s.blockedBy !== 'candidates.blocked.done' ? (
                      <Text fontSize="xs" color="fg.muted">
                        {t(s.blockedBy)}
                      </Text>
                    ) : null}
                  </Stack>
                ) : null}
              </Stack>
            )
          })}
        </Stack>
      </SectionCard>
      {accounts ? (
        <AccountsDialog
          candidate={c}
          choices={props.choices}
          onClose={() => setAccounts(false)}
          onStart={async (teamId) => {
            if (await run('accounts', { teamId })) setAccounts(false)
          }}
        />
      ) : null}
      <AppDialog
        open={password !== null}
        onClose={() => setPassword(null)}
        title={t('candidates.steps.passwordTitle')}
        testId="candidate-password"
        size="sm"
        footer={
          <Button colorPalette="brand" onClick={() => setPassword(null)}>
            {t('candidates.steps.done')}
          </Button>
        }
      >
        <Stack gap="3">
          <Text>{t('candidates.steps.passwordText', { email: c.email })}</Text>
          <HStack>
            <Code fontSize="lg" px="3" py="2" data-testid="candidate-password-value" userSelect="all">
              {password}
            </Code>
            <Button size="sm" variant="outline" onClick={() => void navigator.clipboard?.writeText(password ?? '')}>
              {t('candidates.steps.copy')}
            </Button>
          </HStack>
        </Stack>
      </AppDialog>
    </>
  )
}

/** The accounts step's question: the team the new seller starts in (the candidate's region's), and the spec's confirmation. */
function AccountsDialog(props: {
  candidate: CandidateDetail
  choices: CandidateChoices | undefined
  onClose: () => void
  onStart: (teamId: string) => Promise<void>
}) {
  const { t } = useTranslation()
  const teams = (props.choices?.teams ?? []).filter((x) => x.regionId === props.candidate.region.id)
  const [teamId, setTeamId] = useState(teams[0]?.id ?? '')
  const [busy, setBusy] = useState(false)
  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={t('candidates.steps.accounts')}
      testId="candidate-accounts"
      size="sm"
      alert
      footer={
        <>
          <Button variant="outline" onClick={props.onClose}>
            {t('candidates.actions.cancel')}
          </Button>
          <Button
            colorPalette="brand"
            disabled={!teamId}
            loading={busy}
            onClick={() => {
              setBusy(true)
              void props.onStart(teamId).finally(() => setBusy(false))
            }}
          >
            {t('candidates.actions.continue')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{t('candidates.steps.confirmAccounts')}</Text>
        {props.choices && !props.choices.directory ? <Notice status="info" size="sm" title={t('candidates.steps.noDirectory')} /> : null}
        <Field.Root required>
          <Field.Label>{t('candidates.steps.team')}</Field.Label>
          <Choices
            size="sm"
            value={teamId}
            onChange={(e) => setTeamId(e.target.value)}
            data-testid="candidate-accounts-team"
            empty={t('candidates.steps.pickTeam')}
            options={teams.map((x) => ({ value: x.id, label: x.name }))}
          />
        </Field.Root>
      </Stack>
    </AppDialog>
  )
}
