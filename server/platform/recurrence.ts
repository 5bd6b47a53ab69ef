/** The recurrences' arithmetic lives in shared/rules/schedule.ts (the message editor shows the same next sends). */
export { DEFAULT_TIMEZONE, nextOccurrence } from '../../shared/rules/schedule'
