import { Badge, HStack } from '@chakra-ui/react'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { pathFor } from '../../../../shared/routes'
import type { PrivateCandidateField } from '../../../../shared/schemas/candidates'
import { ActivityLog } from '../../../components/ui/activity-log'
import { downloadText } from '../../../components/ui/data-table/csv'
import { DetailActions } from '../../../components/ui/detail-kit'
import { DetailState } from '../../../components/ui/detail-state'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { eraseCandidate, exportCandidate, getCandidate, reopenCandidate, revealCandidate } from '../api/candidates-api'
import { candidatesKeys } from '../api/candidates-keys'
import { CandidateDialog } from '../components/candidate-dialog'
import { StageBadge } from '../components/stage-badge'
import { StepsCard } from '../components/steps-card'
import { CandidateCards } from '../components/candidate-cards'
import { CloseDialog, NotesCard, StatusAlert } from '../components/candidate-side'
import { dialogEnds } from '../../../components/ui/form-dialog'
import { useCandidateChoices, useRefreshCandidates, useRefreshCandidatesDetail } from '../api/candidates-queries'

/** The log's field names: the candidate's own words for them. */
const LOGGED = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'language',
  'startDate',
  'address',
  'postalCode',
  'city',
  'personalNumber',
  'bankClearing',
  'bankAccount',
]

/**
 * /backoffice/onboarding/candidates/:id (docs/decisions/070): a candidate's steps with their state and actions, their
 * details (identity and bank numbers masked; in full on request, logged, for who may), contracts, notes and log; and
 * editing, closing as not hired, export and erasure for who may. While a step runs the page follows it.
 */
export default function CandidatePage() {
  const { t } = useTranslation()
  const { id = '' } = useParams()
  const refreshCandidates = useRefreshCandidates()
  const refreshCandidatesDetail = useRefreshCandidatesDetail()
  const candidate = useQuery({
    queryKey: candidatesKeys.detail(id),
    queryFn: ({ signal }) => getCandidate(id, signal),
    retry: false,
    // A step in the hands of its job: read again until it is not.
    refetchInterval: (q) => (q.state.data?.steps.some((s) => s.status === 'running') ? 1500 : false),
  })
  const choices = useCandidateChoices()
  const [editing, setEditing] = useState(false)
  const [closing, setClosing] = useState(false)
  const [revealed, setRevealed] = useState<Partial<Record<PrivateCandidateField, string | null>> | null>(null)
  const refresh = () => {
    void refreshCandidatesDetail(id)
    void refreshCandidates()
  }
  const title = t('routes.backoffice-onboarding-candidates-id')
  const crumbs = [
    { label: t('nav.groups.backoffice') },
    { label: t('routes.backoffice-onboarding-candidates'), to: pathFor('backoffice-onboarding-candidates') },
  ]

  return (
    <DetailState query={candidate} title={title} breadcrumbs={crumbs} notFound={t('candidates.page.notFound')}>
      {(c) => {
        const name = `${c.firstName} ${c.lastName}`.trim()
        const act = async (work: () => Promise<unknown>, done?: string) => {
          try {
            await work()
            if (done) snackbar.success(done)
          } catch (err) {
            snackbar.error(errorText(err, t))
          }
          refresh()
        }
        return (
          <Page title={name || t('candidates.statuses.erased')} breadcrumbs={crumbs}>
            <HStack gap="2" wrap="wrap">
              {c.status === 'active' || c.status === 'onboarded' ? <StageBadge stage={c.stage} /> : null}
              <Badge variant="outline" data-testid="candidate-status">
                {t(`candidates.statuses.${c.status}`)}
              </Badge>
            </HStack>
            <DetailActions
              actions={[
                { label: t('candidates.actions.edit'), onClick: () => setEditing(true), show: c.may.update, testId: 'candidate-edit' },
                { label: t('candidates.page.close'), onClick: () => setClosing(true), show: c.may.close, testId: 'candidate-close' },
                {
                  label: t('candidates.page.reopen'),
                  onClick: () => void act(() => reopenCandidate(c.id, c.version)),
                  show: c.may.update && c.status === 'closed',
                },
                {
                  label: t('candidates.page.exportData'),
                  onClick: () =>
                    void act(async () => {
                      const data = await exportCandidate(c.id)
                      downloadText(`candidate-${c.id}.json`, JSON.stringify(data, null, 2), 'application/json')
                    }),
                  show: c.may.export,
                },
                {
                  label: t('candidates.page.erase'),
                  danger: true,
                  show: c.may.erase,
                  testId: 'candidate-erase',
                  onClick: () =>
                    void confirm({
                      title: t('candidates.page.eraseTitle'),
                      text: t('candidates.page.eraseConfirm', { name }),
                      confirmLabel: t('candidates.page.erase'),
                      cancelLabel: t('candidates.actions.cancel'),
                      destructive: true,
                    }).then((ok) => (ok ? act(() => eraseCandidate(c.id)) : undefined)),
                },
              ]}
            />
            <StatusAlert candidate={c} />
            {c.status !== 'erased' ? <StepsCard candidate={c} choices={choices.data} onChanged={refresh} /> : null}
            <CandidateCards
              candidate={c}
              revealed={revealed}
              onReveal={() => void act(async () => setRevealed(await revealCandidate(c.id, ['personalNumber', 'bankClearing', 'bankAccount'])))}
            />
            <NotesCard candidate={c} onAdded={refresh} />
            <ActivityLog
              lines={c.activity}
              testId="candidate-log"
              title={t('candidates.page.log')}
              fieldLabel={(k) => (k === 'step' ? t('candidates.columns.stage') : LOGGED.includes(k) ? t(`candidates.fields.${k}`) : undefined)}
              formatValue={(k, v) =>
                v === '•'
                  ? t('candidates.page.valueHidden')
                  : k === 'step' && typeof v === 'string'
                    ? t(`candidates.stages.${v}`)
                    : k === 'language' && typeof v === 'string'
                      ? t(`candidates.languages.${v}`)
                      : undefined
              }
            />
            {editing && choices.data ? (
              <CandidateDialog open candidate={c} choices={choices.data} defaults={{}} chooseRecruiter {...dialogEnds(() => setEditing(false), refresh)} />
            ) : null}
            {closing ? (
              <CloseDialog
                candidate={c}
                onClose={() => setClosing(false)}
                onClosed={() => {
                  setClosing(false)
                  refresh()
                }}
              />
            ) : null}
          </Page>
        )
      }}
    </DetailState>
  )
}
