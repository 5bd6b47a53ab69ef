import type { Shape } from '../namespaces'
import type { svBudgets } from '../sv/budgets'

/** The `budgets` namespace in Finnish. */
export const fiBudgets = {
  validation: {
    budgets: {
      amount: 'Anna budjetti kokonaisina kruunuina',
      wholeKronor: 'Anna kokonaiset kruunut ilman äyrejä',
      notNegative: 'Budjetti ei voi olla negatiivinen',
      notInOffice: 'Ei ole toimistossa, tai et voi muuttaa sitä',
      twice: 'Sama budjetti on muutoksessa kahdesti',
    },
  },
  budgets: {
    intro:
      'Kuukauden budjetti toimistolle, sen tiimeille ja myyjille kokonaisina kruunuina. Myyjän budjetti näkyy sovelluksessa seuraavan synkronoinnin jälkeen.',
    month: 'Kuukausi',
    previousMonth: 'Edellinen kuukausi',
    nextMonth: 'Seuraava kuukausi',
    office: 'Toimisto',
    name: 'Nimi',
    lastMonth: 'Edellinen kuukausi',
    budget: 'Budjetti, kr',
    fieldLabel: 'Budjetti: {{name}}, kruunua',
    officeBudget: 'Toimiston budjetti',
    teamsSum: 'Tiimit yhteensä: {{amount}}',
    sellersSum: 'Myyjät yhteensä: {{amount}}',
    noTeams: 'Toimistolla ei ole tiimejä.',
    noSellers: 'Tiimissä ei ole aktiivisia myyjiä.',
    empty: 'Ei toimistoja tai tiimejä, joiden budjetin voit nähdä.',
    readOnly: 'Voit nähdä budjetit mutta et muuttaa niitä.',
    save: 'Tallenna',
    discard: 'Peru muutokset',
    unsaved_one: '{{count}} tallentamaton muutos',
    unsaved_other: '{{count}} tallentamatonta muutosta',
    saveFirst: 'Tallenna tai peru muutokset ennen kuin vaihdat kuukautta tai toimistoa.',
    saved_one: '{{count}} budjetti tallennettu',
    saved_other: '{{count}} budjettia tallennettu',
    copyPrevious: 'Kopioi kuukaudesta {{month}}',
    copied_one: '{{count}} budjetti kopioitu kuukaudesta {{month}}',
    copied_other: '{{count}} budjettia kopioitu kuukaudesta {{month}}',
    copiedNone: 'Ei kopioitavaa: kaikilla, joilla oli budjetti kuukaudelle {{month}}, on jo budjetti kuukaudelle {{current}}.',
    conflict_one:
      'Joku muu muutti yhtä budjeteista samaan aikaan. Se näkyy nyt sellaisena kuin se on; muut muutoksesi ovat tallella. Tarkista ja tallenna uudelleen.',
    conflict_other:
      'Joku muu muutti {{count}} budjettia samaan aikaan. Ne näkyvät nyt sellaisina kuin ne ovat; muut muutoksesi ovat tallella. Tarkista ja tallenna uudelleen.',
    invalid: 'Korjaa merkityt kentät ja tallenna uudelleen.',
    changed: 'Muutettu',
  },
} satisfies Shape<typeof svBudgets>
