import { execFileSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { docusealSignature, webhookSigned, WEBHOOK_TOLERANCE_S } from './candidates.esign'

/**
 * DocuSeal's webhook signature as its own code makes it (docusealco/docuseal a2d8b855, lib/webhook_urls/signatures.rb):
 * `"#{timestamp}.#{OpenSSL::HMAC.hexdigest('sha256', secret, "#{timestamp}.#{body}")}"`, checked here against the
 * OpenSSL command line — the library Ruby's OpenSSL::HMAC is — and its `verify`'s five-minute tolerance either way.
 */
describe('the X-Docuseal-Signature header', () => {
  const secret = 'whsec_c2FsamtrcmFmdC10ZXN0LWhtYWMta2V5LTI0Yg=='
  const body = '{"event_type":"form.completed","timestamp":"2026-11-29T12:00:00.123Z","data":{"id":1010,"submission":{"id":101}}}'
  const ts = 1795958712

  it('is the Unix time and the HMAC-SHA256 hex of "<time>.<body>" keyed with the secret as written', () => {
    const openssl = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: `${ts}.${body}` })
      .toString()
      .trim()
      .split(' ')
      .pop()
    expect(docusealSignature(secret, body, ts)).toBe(`${ts}.${openssl}`)
  })

  it('is accepted within five minutes either way, for this body and secret only', () => {
    const header = docusealSignature(secret, body, ts)
    expect(webhookSigned(secret, body, header, ts * 1000)).toBe(true)
    expect(webhookSigned(secret, body, header, (ts + WEBHOOK_TOLERANCE_S) * 1000)).toBe(true)
    expect(webhookSigned(secret, body, header, (ts - WEBHOOK_TOLERANCE_S) * 1000)).toBe(true)
    expect(webhookSigned(secret, body, header, (ts + WEBHOOK_TOLERANCE_S + 1) * 1000)).toBe(false)
    expect(webhookSigned(secret, body, header, (ts - WEBHOOK_TOLERANCE_S - 1) * 1000)).toBe(false)
    expect(webhookSigned(secret, `${body} `, header, ts * 1000)).toBe(false)
    expect(webhookSigned('whsec_other', body, header, ts * 1000)).toBe(false)
    expect(webhookSigned(secret, body, undefined, ts * 1000)).toBe(false)
    expect(webhookSigned(secret, body, `t=${ts},v1=${header.split('.')[1]}`, ts * 1000)).toBe(false)
  })
})
