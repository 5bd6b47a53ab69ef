import type { Shape } from '../namespaces'
import type { svMail } from '../sv/mail'

/** The `mail` namespace in English: the mail outbox. */
export const enMail = {
  mailOutbox: {
    sendingOn: 'Mail is sent through the configured SMTP server.',
    sendingOff: 'No SMTP server is configured: mail is not sent but kept here, so nothing is lost.',
    sendTest: 'Send a test mail to me',
    testSent: 'The test mail to {{email}} is {{outcome}}.',
    testQueued: 'on its way',
    testKept: 'kept here',
    created: 'Created',
    to: 'Recipient',
    subject: 'Subject',
    status: 'Status',
    sent: 'Sent',
    language: 'Language',
    lastError: 'Last error',
    csvFile: 'mail-outbox.csv',
    statuses: {
      queued: 'Queued',
      sending: 'Sending',
      sent: 'Sent',
      kept: 'Kept',
      failed: 'Failed',
      unconfirmed: 'Not known to have arrived',
    },
  },
} satisfies Shape<typeof svMail>
