import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { Database } from '../db/client'
import { serverKey } from './server-keys'

/**
 * Secrets the app must give back (an external account's password; docs/decisions/043), sealed with AES-256-GCM:
 * "v1.<iv>.<tag>.<ciphertext>", base64url. The key is SECRETS_KEY (32 bytes, base64) when set, so a copy of the
 * database alone opens nothing; otherwise one the server makes once and keeps in server_keys (the embedded demo).
 */
export type SecretBox = { seal(plain: string): string; open(sealed: string): string }

export function secretBoxOf(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes')
  return {
    seal(plain) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return ['v1', iv, cipher.getAuthTag(), body].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
    },
    open(sealed) {
      const [v, iv, tag, body] = sealed.split('.')
      if (v !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret')
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      decipher.setAuthTag(Buffer.from(tag, 'base64url'))
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
    },
  }
}

export async function secretBox(database: Database, configured: string | undefined): Promise<SecretBox> {
  if (configured) return secretBoxOf(Buffer.from(configured, 'base64'))
  const { key } = await serverKey(database, 'secret-box', () => ({ key: randomBytes(32).toString('base64') }))
  return secretBoxOf(Buffer.from(key, 'base64'))
}
