import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/**
 * A message the fake server was given: its recipients and the raw message, and what a mail client reads of it —
 * parsed as MIME by mailparser (Nodemailer's reference parser), not by our own reading: the subject and the sender
 * with their encoded words decoded, the plain-text and the HTML parts.
 */
export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string; html: string; from: { name: string; address: string } }

/**
 * A local SMTP server for the API tests: it keeps every message it is given, and `refuseNext(n)` answers the next
 * `n` recipients with a temporary error (451), as a busy mail server does.
 */
export async function fakeSmtp() {
  const received: ReceivedMail[] = []
  let refusals = 0
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals--
        return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }))
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const bytes = Buffer.concat(chunks)
        simpleParser(bytes)
          .then((mail) => {
            const sender = mail.from?.value[0]
            received.push({
              to: session.envelope.rcptTo.map((r) => r.address),
              raw: bytes.toString('utf8'),
              subject: mail.subject ?? '',
              text: mail.text ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              from: { name: sender?.name ?? '', address: sender?.address ?? '' },
            })
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    /** one row a recipient, in the order they were received */
    byRecipient: () => received.flatMap((m) => m.to.map((to) => ({ ...m, to }))),
    refuseNext(n = 1) {
      refusals += n
    },
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  }
}
