import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { CandidateStage, StepStatus } from '../../../../shared/schemas/candidates'

const STAGE_COLOURS: Record<CandidateStage, string> = {
  preonboarding: 'gray',
  work_contract: 'blue',
  education_contract: 'purple',
  accounts: 'orange',
  onboarded: 'green',
}
const STATUS_COLOURS: Record<StepStatus, string> = { waiting: 'gray', running: 'blue', waiting_candidate: 'orange', done: 'green', failed: 'red' }

/** Where a candidate is: the step they are at, or onboarded. */
export function StageBadge(props: { stage: CandidateStage }) {
  const { t } = useTranslation()
  return (
    <Badge variant="subtle" colorPalette={STAGE_COLOURS[props.stage]}>
      {t(`candidates.stages.${props.stage}`)}
    </Badge>
  )
}

/** A step's state: not started, running, waiting for the candidate, done, failed. */
export function StepStatusBadge(props: { status: StepStatus; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Badge variant="subtle" colorPalette={STATUS_COLOURS[props.status]} data-testid={props.testId} data-status={props.status}>
      {t(`candidates.stepStatuses.${props.status}`)}
    </Badge>
  )
}
