import { Badge } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { formatKr, type FormatLanguage } from '../../../../shared/format'
import type { Competition, CompetitionMetric } from '../../../../shared/schemas/game'
import { formatPoints } from './game-parts'

/** A competition's result in its metric's unit: XP and sales as whole numbers, order value in kronor. */
export function formatResult(metric: CompetitionMetric, value: number, lang: FormatLanguage) {
  return metric === 'order_value' ? formatKr(Math.round(value / 100), lang) : formatPoints(value, lang)
}

const PHASE_PALETTE = { ongoing: 'green', upcoming: 'blue', ended: 'gray' } as const

/** Ongoing, upcoming or ended; for an admin, a draft or a hidden test says so. */
export function PhaseBadge({ competition, admin }: { competition: Competition; admin?: boolean }) {
  const { t } = useTranslation()
  if (admin && (competition.state === 'draft' || competition.state === 'hidden'))
    return <Badge colorPalette="orange">{t(`game.competitions.states.${competition.state}`)}</Badge>
  return <Badge colorPalette={PHASE_PALETTE[competition.phase]}>{t(`game.competitions.phases.${competition.phase}`)}</Badge>
}
