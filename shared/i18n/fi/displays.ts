import type { Shape } from '../namespaces'
import type { svDisplays } from '../sv/displays'

/** The `displays` namespace in Finnish: the office screens (docs/decisions/101). */
export const fiDisplays = {
  validation: {
    displays: {
      codeFormat: 'Koodi on kahdeksan merkkiä, kuten näytöllä (esim. ACDE 2347)',
      codeUnknown: 'Mikään näyttö ei odota tällä koodilla: tarkista koodi näytöltä',
      codeExpired: 'Koodi on vanhentunut: näyttö näyttää uuden koodin, syötä se',
      scenes: 'Valitse vähintään yksi näkymä, jonka näyttö näyttää',
      office: 'Toimistoa ei ole, tai et saa liittää näyttöjä siihen',
      teams: 'Valitse näytön toimiston tiimejä',
    },
  },
} satisfies Shape<typeof svDisplays>
