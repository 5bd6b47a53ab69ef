import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** A message the fake server was given: its recipients, the raw message, its subject and its text decoded. */
export type ReceivedMail = { to: string[]; raw: string; subject: string; text: string }

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
        const raw = Buffer.concat(chunks).toString('utf8')
        // quoted-printable soft line breaks and escapes undone
        const text = Buffer.from(
          raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8')
        const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? ''
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject, text })
        callback()
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
