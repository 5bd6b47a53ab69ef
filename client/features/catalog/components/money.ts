import { formatPrice, type FormatLanguage } from '../../../../shared/format'

/** An amount in öre as the catalog screens show it ("349 kr", "349,50 kr"); a dash when it is not there (not set, or not the user's to see). */
export function money(ore: number | null | undefined, lang: FormatLanguage): string {
  return ore === null || ore === undefined ? '–' : formatPrice(ore, lang)
}
