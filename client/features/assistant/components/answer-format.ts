import { formatDecimal, formatKr, type FormatLanguage } from '../../../../shared/format'
import type { BiUnit } from '../../../../shared/schemas/assistant'

/** A figure in its unit, in the reader's language: kronor, a count, hours, a percent, a score. */
export function formatFigure(value: number, unit: BiUnit, lang: FormatLanguage): string {
  switch (unit) {
    case 'kr':
      return formatKr(value, lang)
    case 'percent':
      return `${formatDecimal(value, lang)} %`
    case 'hours':
      return `${formatDecimal(value, lang)} h`
    default:
      return formatDecimal(value, lang)
  }
}
