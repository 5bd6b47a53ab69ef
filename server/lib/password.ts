import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import pLimit from 'p-limit'

/**
 * Passwords are hashed with scrypt (memory-hard). The stored form carries its parameters:
 * `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>`, so the cost can rise without breaking old hashes.
 */

const KEY_LENGTH = 32

/**
 * How many hashes run at once. Each one holds a thread of libuv's pool (4 by default) and 32 MiB for its whole
 * run, and that pool also reads the static files: a burst of sign-ins queues here instead of starving them.
 */
export const HASH_CONCURRENCY = 2
const hashing = pLimit(HASH_CONCURRENCY)
let runs = 0

/** How many hashes this process has computed: a sign-in's work, as a test reads it (the same for every failure). */
export const hashRuns = () => runs

function scryptAsync(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  runs += 1
  return hashing(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)))
      }),
  )
}

function options(logN: number, r: number, p: number): ScryptOptions {
  const N = 2 ** logN
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16)
  const key = await scryptAsync(password, salt, options(logN, 8, 1))
  return ['scrypt', logN, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [, logN, r, p, salt, hash] = parts as [string, string, string, string, string, string]
  const expected = Buffer.from(hash, 'base64')
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), options(Number(logN), Number(r), Number(p)))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}
