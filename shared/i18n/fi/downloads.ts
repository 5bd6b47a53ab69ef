import type { Shape } from '../namespaces'
import type { svDownloads } from '../sv/downloads'

/** The `downloads` namespace in Finnish. */
export const fiDownloads = {
  downloadCentre: {
    clearFilters: 'Tyhjennä suodattimet',
    anyKind: 'Kaikki lajit',
    intro: 'Tiedostot, jotka sovellus tekee sinulle taustalla: viennit, virheraportit ja listat. Niitä säilytetään {{days}} päivää.',
    everyone: 'Kaikkien lataukset',
    empty: 'Ei vielä tiedostoja. Käynnistämäsi viennit tulevat tänne.',
    columns: { name: 'Tiedosto', kind: 'Laji', size: 'Koko', state: 'Tila', createdAt: 'Tehty', expiresAt: 'Säilytetään', owner: 'Tilaaja' },
    kinds: {
      payrollExport: 'Palkkavienti',
      absenceExport: 'Poissaolovienti',
      orderImportErrors: 'Tilaustuonnin virheraportti',
      leadList: 'Liidilista',
      other: 'Tiedosto',
    },
    states: { queued: 'Jonossa', running: 'Käynnissä', ready: 'Valmis', failed: 'Epäonnistui', expired: 'Vanhentunut' },
    progress: '{{percent}} %',
    download: 'Lataa',
    downloadName: 'Lataa {{name}}',
    remove: 'Poista',
    removeName: 'Poista {{name}}',
    removed: 'Tiedosto poistettiin',
    failedToDownload: 'Tiedoston lataaminen epäonnistui',
    retry: 'Yritä uudelleen',
    reasons: {
      refused: 'Kuukautta ei voitu viedä: jotain on korjattava ensin (katso vientisivu).',
      invalid: 'Tiedosto ei läpäissyt palkkajärjestelmän skeemaa (katso vientisivu).',
    },
  },
  downloadAlerts: {
    readyTitle: '{{name}} on valmis',
    readyMessage: 'Tiedosto on Latauksissa.',
    failedTitle: '{{name}} ei valmistunut',
    failedMessage: 'Katso syy Latauksista.',
  },
} satisfies Shape<typeof svDownloads>
