import type { Shape } from '../namespaces'
import type { svMail } from '../sv/mail'

/** The `mail` namespace in Finnish: the mail outbox. */
export const fiMail = {
  mailOutbox: {
    sendingOn: 'Sähköposti lähetetään määritetyn SMTP-palvelimen kautta.',
    sendingOff: 'SMTP-palvelinta ei ole määritetty: sähköpostia ei lähetetä vaan se säilytetään täällä, joten mitään ei katoa.',
    sendTest: 'Lähetä testiviesti minulle',
    testSent: 'Testiviesti osoitteeseen {{email}} on {{outcome}}.',
    testQueued: 'matkalla',
    testKept: 'tallessa täällä',
    created: 'Luotu',
    to: 'Vastaanottaja',
    subject: 'Aihe',
    status: 'Tila',
    sent: 'Lähetetty',
    language: 'Kieli',
    lastError: 'Viimeisin virhe',
    csvFile: 'sahkopostin-lahtevat.csv',
    statuses: {
      queued: 'Jonossa',
      sending: 'Lähetetään',
      sent: 'Lähetetty',
      kept: 'Tallessa',
      failed: 'Epäonnistui',
      unconfirmed: 'Perillemeno ei tiedossa',
    },
  },
} satisfies Shape<typeof svMail>
