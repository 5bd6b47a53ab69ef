import type { Shape } from '../namespaces'
import type { svDisplays } from '../sv/displays'

/** The `displays` namespace in English: the office screens (docs/decisions/101). */
export const enDisplays = {
  validation: {
    displays: {
      codeFormat: 'The code is eight characters, as the screen shows it (e.g. ACDE 2347)',
      codeUnknown: 'No screen is waiting with that code: check it against the screen',
      codeExpired: 'The code has expired: the screen shows a new one, enter that',
      scenes: 'Choose at least one view for the screen to show',
      office: 'The office does not exist, or you may not pair screens to it',
      teams: 'Choose teams of the screen’s office',
    },
  },
} satisfies Shape<typeof svDisplays>
