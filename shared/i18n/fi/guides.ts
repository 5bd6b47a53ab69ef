import type { Shape } from '../namespaces'
import type { svGuides } from '../sv/guides'

/** The `guides` namespace in Finnish. */
export const fiGuides = {
  validation: {
    guides: {
      link: 'Linkki voi osoittaa verkko-osoitteeseen (https), sähköpostiin, puhelinnumeroon tai sovelluksen sivulle',
      image: 'Kuvan on oltava ladattu oppaaseen',
      tooLarge: 'Teksti on liian pitkä',
      tooDeep: 'Tekstissä on liian monta sisäkkäistä tasoa',
      category: 'Valitse olemassa oleva luokka',
      noSuchVersion: 'Tätä versiota ei ole',
    },
    embeds: {
      https: 'Osoitteen on alettava https://',
      host: 'Anna palvelimen nimi, kuten example.fi tai *.example.fi',
      hostNotAllowed: 'Palvelin ei ole sallittujen palvelinten joukossa',
      secret: 'Avaimen on oltava vähintään 16 merkkiä',
      resource: 'Kerro, mitä allekirjoitettu upotus näyttää',
    },
  },
  guideAlerts: {
    reminderTitle: 'Lue ja vahvista: {{title}}',
    reminderMessage: 'Opas ”{{title}}” on luettava. Avaa se ja vahvista, että olet lukenut sen.',
  },
} satisfies Shape<typeof svGuides>
