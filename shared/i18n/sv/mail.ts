/** The `mail` namespace in Swedish: the mail outbox. */
export const svMail = {
  mailOutbox: {
    sendingOn: 'E-post skickas via den inställda SMTP-servern.',
    sendingOff: 'Ingen SMTP-server är inställd: e-post skickas inte utan sparas här, så att inget försvinner.',
    sendTest: 'Skicka testmejl till mig',
    testSent: 'Testmejlet till {{email}} är {{outcome}}.',
    testQueued: 'på väg',
    testKept: 'sparat här',
    created: 'Skapad',
    to: 'Mottagare',
    subject: 'Ämne',
    status: 'Status',
    sent: 'Skickad',
    language: 'Språk',
    lastError: 'Senaste fel',
    csvFile: 'e-postutkorg.csv',
    statuses: {
      queued: 'I kö',
      sending: 'Skickas',
      sent: 'Skickad',
      kept: 'Sparad',
      failed: 'Misslyckades',
      unconfirmed: 'Okänt om den kom fram',
    },
  },
}
