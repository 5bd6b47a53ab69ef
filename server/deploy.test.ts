import { execFileSync, spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Ajv } from 'ajv'
import draft07 from 'ajv/dist/refs/json-schema-draft-07.json' with { type: 'json' }
import { load as loadYaml } from 'js-yaml'
import { describe, expect, it } from 'vitest'

/**
 * The deployment (issue 71, docs/operations.md) as far as these machines can run it: they cannot pull base images or
 * run containers, so the compose file is read by a YAML parser and validated against the Compose Specification's own
 * JSON schema (compose-spec/compose-spec at 170098ba, schema/compose-spec.json, kept in server/test/references/);
 * nginx's configuration is checked by nginx itself (`nginx -t`, Debian's 1.22); and the image's entrypoint runs as it
 * is, on the built server: it migrates and starts, answers ready, takes a backup, and stops on SIGTERM.
 */
const root = path.resolve(import.meta.dirname, '..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')
// eslint-disable-next-line no-restricted-properties -- the test run's own switch, as the other outside-tool tests
const inCi = process.env.CI === 'true'

type Service = { image?: string; environment?: Record<string, string>; healthcheck?: { test: string[] }; ports?: string[]; depends_on?: object }

describe('the compose file', () => {
  const compose = loadYaml(read('deploy/compose.yaml')) as { services: Record<string, Service> }

  it('is valid by the Compose Specification’s schema', () => {
    const schema = JSON.parse(read('server/test/references/compose-spec.json')) as object
    const ajv = new Ajv({ allErrors: true, strict: false })
    // The schema names draft 07 by its https address; Ajv knows the same meta-schema by its http one.
    ajv.addMetaSchema({ ...draft07, $id: 'https://json-schema.org/draft-07/schema' })
    const valid = ajv.validate(schema, compose)
    expect(ajv.errors ?? [], JSON.stringify(ajv.errors)).toEqual([])
    expect(valid).toBe(true)
    // The schema would see a mistake: a misspelt key of a service, a port that is no port.
    const wrong = structuredClone(compose) as { services: Record<string, Record<string, unknown>> }
    wrong.services.app1!.enviroment = wrong.services.app1!.environment
    expect(ajv.validate(schema, wrong)).toBe(false)
  })

  it('runs PostgreSQL, two app instances behind the proxy, each ready-checked, with the proxy trusted', () => {
    expect(Object.keys(compose.services).sort()).toEqual(['app1', 'app2', 'db', 'proxy'])
    for (const name of ['app1', 'app2']) {
      const app = compose.services[name]!
      expect(app.environment).toMatchObject({ NODE_ENV: 'production', TRUST_PROXY: 'true' })
      expect(app.environment!.DATABASE_URL).toMatch(/^postgres:\/\/.+@db:5432\//)
      expect(app.environment!.APP_ORIGINS).toContain('APP_ORIGIN')
      expect(app.healthcheck!.test.join(' ')).toContain('/api/health/ready')
    }
    expect(compose.services.proxy!.ports).toEqual(['80:80', '443:443'])
  })

  it('the image runs as a user without privileges, with a health check and the entrypoint', () => {
    const dockerfile = read('Dockerfile')
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '))
    expect(final).toMatch(/^USER node$/m)
    expect(final).toMatch(/^HEALTHCHECK .*\n?.*\/api\/health\/live/m)
    expect(final).toContain('COPY deploy/entrypoint.sh /usr/local/bin/saljkraft')
    expect(final).toMatch(/^ENTRYPOINT \["saljkraft"\]$/m)
  })
})

describe('the proxy configuration', () => {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p))
  it.skipIf(!nginx && !inCi)('passes nginx -t (with the instances and certificates of this machine)', () => {
    expect(nginx, 'nginx is needed (npm run setup installs it)').toBeDefined()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-nginx-'))
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-keyout',
        `${dir}/privkey.pem`,
        '-out',
        `${dir}/fullchain.pem`,
      ],
      {
        stdio: 'ignore',
      },
    )
    // The compose network's names are not known here: the same configuration with loopback instances.
    const conf = read('deploy/nginx.conf')
      .replaceAll('app1:3000', '127.0.0.1:3001')
      .replaceAll('app2:3000', '127.0.0.1:3002')
      .replaceAll('/etc/nginx/certs', dir)
    fs.writeFileSync(`${dir}/nginx.conf`, `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\n${conf}`)
    const checked = spawnSync(nginx!, ['-t', '-p', dir, '-c', `${dir}/nginx.conf`], { encoding: 'utf8' })
    expect(checked.stderr).toContain('test is successful')
    expect(checked.status).toBe(0)
  })
})

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

describe('the entrypoint', () => {
  const built = fs.existsSync(path.join(root, 'dist-server/index.mjs')) && fs.existsSync(path.join(root, 'dist-server/backup.mjs'))
  it.skipIf(!built && !inCi)(
    'migrates and starts, answers ready, takes a backup, and stops on SIGTERM',
    async () => {
      expect(built, 'the built server is needed (npm run build)').toBe(true)
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'saljkraft-entry-'))
      const port = await freePort()
      const env = {
        // eslint-disable-next-line no-restricted-properties -- the entrypoint runs with this run's PATH (its Node)
        ...process.env,
        APP_DIR: root,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_ORIGINS: `http://127.0.0.1:${port}`,
        DATABASE_URL: '',
        SCRYPT_LOG_N: '10',
        STATIC_DIR: path.join(root, 'dist'),
      }
      const entry = path.join(root, 'deploy/entrypoint.sh')
      const server = spawn('sh', [entry, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] })
      let output = ''
      server.stdout.on('data', (d: Buffer) => (output += d.toString()))
      server.stderr.on('data', (d: Buffer) => (output += d.toString()))
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)))
      try {
        // Ready once migrated, listening and running its job runner and event dispatcher.
        await expect
          .poll(async () => (await fetch(`http://127.0.0.1:${port}/api/health/ready`).catch(() => null))?.status, { timeout: 60_000, interval: 200 })
          .toBe(200)
        const lines = output
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as { msg: string })
        expect(lines.map((l) => l.msg)).toContain(`Säljkraft on http://localhost:${port}`)

        const backup = spawnSync('sh', [entry, 'backup', '--out', path.join(dataDir, 'first')], { env, encoding: 'utf8' })
        expect(backup.status, backup.stderr).toBe(0)
        expect(fs.existsSync(path.join(dataDir, 'first', 'manifest.json'))).toBe(true)
        expect(spawnSync('sh', [entry, 'nonsense'], { env }).status).toBe(64)
      } finally {
        server.kill('SIGTERM')
      }
      expect(await exited).toBe(0)
      expect(output).toContain('"msg":"shutting down"')
      // A fresh database migrates from the first migration, then a backup runs in a process of its own: on a slow or busy
      // host that outlasts the default 20 s, and the readiness wait above allows a minute.
    },
    120_000,
  )
})
