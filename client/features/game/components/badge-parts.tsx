import { useTranslation } from 'react-i18next'
import { formatDecimal, type FormatLanguage } from '../../../../shared/format'
import type { BadgeRule } from '../../../../shared/schemas/game'

/** A badge's rule in words: "Godkända ordrar ≥ 20 och Ånger (%) < 5". */
export function useRuleText() {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  return (rule: BadgeRule) =>
    rule.conditions
      .map((c) => `${t(`game.badges.fields.${c.field}`)} ${c.operator.replace('>=', '≥').replace('<=', '≤')} ${formatDecimal(c.value, lang)}`)
      .join(` ${t(`game.badges.combine.${rule.combine}`)} `)
}
