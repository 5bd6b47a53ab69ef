import { formatDecimal } from '../../../../shared/format'
import type { BadgeRule } from '../../../../shared/schemas/game'
import { useLanguage } from '../../../lib/use-language'

/** A badge's rule in words: "Godkända ordrar ≥ 20 och Ånger (%) < 5". */
export function useRuleText() {
  const { t, lang } = useLanguage()
  return (rule: BadgeRule) =>
    rule.conditions
      .map((c) => `${t(`game.badges.fields.${c.field}`)} ${c.operator.replace('>=', '≥').replace('<=', '≤')} ${formatDecimal(c.value, lang)}`)
      .join(` ${t(`game.badges.combine.${rule.combine}`)} `)
}
