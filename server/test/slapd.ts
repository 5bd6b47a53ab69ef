import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Client } from 'ldapts'

/** Debian's OpenLDAP server (`npm run setup` installs it). */
export const SLAPD = '/usr/sbin/slapd'
export const LDAP_SUFFIX = 'dc=saljkraft,dc=test'
export const LDAP_ADMIN = `cn=admin,${LDAP_SUFFIX}`
export const LDAP_PASSWORD = 'slapd-test-secret'
export const LDAP_PEOPLE = `ou=people,${LDAP_SUFFIX}`

/**
 * Whether the tests can start a real LDAP server here. Under CI it must: a machine without it fails loudly instead
 * of skipping the directory's tests; locally the tests are skipped with a line that says why.
 */
export function slapdAvailable(): boolean {
  const there = existsSync(SLAPD) && existsSync('/etc/ldap/schema/inetorgperson.schema')
  // eslint-disable-next-line no-restricted-properties -- CI decides whether a missing server is a failure
  if (!there && process.env.CI === 'true') throw new Error(`OpenLDAP's slapd is missing (${SLAPD}): run npm run setup`)
  if (!there) console.warn(`\n*** slapd is not installed (${SLAPD}): the LDAP directory tests are SKIPPED. Run npm run setup. ***\n`)
  return there
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/**
 * A throwaway OpenLDAP server on a free loopback port: the core, cosine and inetOrgPerson schemas, one MDB database
 * with an admin bind and an `ou=people` container. `stop()` ends it and removes its files.
 */
export async function startSlapd(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'slapd-'))
  await mkdir(path.join(dir, 'data'))
  const conf = path.join(dir, 'slapd.conf')
  await writeFile(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${path.join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 10485760',
      `directory ${path.join(dir, 'data')}`,
      `suffix "${LDAP_SUFFIX}"`,
      `rootdn "${LDAP_ADMIN}"`,
      `rootpw ${LDAP_PASSWORD}`,
      'index objectClass eq',
      '',
    ].join('\n'),
  )
  const port = await freePort()
  const url = `ldap://127.0.0.1:${port}`
  const child: ChildProcess = spawn(SLAPD, ['-f', conf, '-h', `${url}/`, '-d', '0'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  // Ready when a bind succeeds.
  const client = new Client({ url, connectTimeout: 1000 })
  for (let i = 0; ; i++) {
    try {
      await client.bind(LDAP_ADMIN, LDAP_PASSWORD)
      break
    } catch (err) {
      if (child.exitCode !== null || i > 100) throw new Error(`slapd did not start: ${stderr || String(err)}`)
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  await client.add(LDAP_SUFFIX, { objectClass: ['top', 'dcObject', 'organization'], dc: 'saljkraft', o: 'Säljkraft test' })
  await client.add(LDAP_PEOPLE, { objectClass: ['top', 'organizationalUnit'], ou: 'people' })
  await client.unbind()
  return {
    url,
    async stop() {
      child.kill('SIGTERM')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
