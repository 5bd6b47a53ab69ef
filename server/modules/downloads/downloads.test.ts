import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { DOWNLOAD_TTL_MS, type DownloadItem } from '../../../shared/schemas/downloads'
import { housekeeping } from '../../housekeeping'
import { createTestApp } from '../../test/harness'

/** An export's file write can be held open (a long export), to see it running and the per-person limit. */
let hold: Promise<void> | null = null
const t = await createTestApp({}, { payHooks: { afterWrite: async () => void (await hold) } })
const { db, t: s } = t.database

let admin = ''
let backoffice = ''
let backofficeId = ''
beforeAll(async () => {
  admin = (await t.login('admin@demo.test')).cookie
  const bo = await t.login('backoffice@demo.test')
  backoffice = bo.cookie
  backofficeId = bo.answer.userData.id
})

const absence = { from: '2026-10-01', to: '2026-10-31', format: 'xlsx' }
const list = async (cookie: string, query = '') =>
  (await t.request('GET', `/api/downloads?itemsPerPage=100${query}`, { cookie })).json.items as unknown as DownloadItem[]

/** A user of their own whose role holds what an absence export and the downloads need. */
async function exporter(): Promise<{ cookie: string; roleId: string }> {
  const tag = Date.now().toString(36) + Math.random().toString(36).slice(2, 6)
  const permissions = [
    { action: 'view', subject: 'downloads' },
    { action: 'view', subject: 'absenceexport' },
    { action: 'view', subject: 'time_reports' },
    { action: 'view', subject: 'users' },
  ]
  const role = await t.request('POST', '/api/roles', { cookie: admin, body: { name: `Exportör ${tag}`, permissions } })
  expect(role.status, role.text).toBe(201)
  const roleId = (role.json as { id: string }).id
  const email = `exportor.${tag}@demo.test`
  const user = await t.request('POST', '/api/users', {
    cookie: admin,
    body: { email, firstName: 'Ex', lastName: 'Portör', password: 'ett-langt-losenord', roleId },
  })
  expect(user.status, user.text).toBe(201)
  return { cookie: (await t.login(email, 'ett-langt-losenord')).cookie, roleId }
}

describe('the downloads centre', () => {
  it('an export started from the exports screen is listed, queued then ready, with a notification; the file downloads', async () => {
    const r = await t.request('POST', '/api/absence-exports', { cookie: backoffice, body: absence })
    expect(r.status, r.text).toBe(202)
    const [queued] = await list(backoffice)
    expect(queued).toMatchObject({ kind: 'absenceExport', name: 'franvaro-2026-10-01-2026-10-31.xlsx', mine: true })
    expect(['queued', 'running']).toContain(queued!.state)
    await t.jobs.settled()
    await t.events.settled()
    const [ready] = await list(backoffice)
    expect(ready).toMatchObject({ id: queued!.id, state: 'ready', progress: 1 })
    expect(ready!.size).toBeGreaterThan(100)
    expect(ready!.expiresAt! - ready!.finishedAt!).toBe(DOWNLOAD_TTL_MS)
    const bell = await db.select().from(s.notifications).where(eq(s.notifications.userId, backofficeId))
    expect(bell.some((n) => n.type === 'download' && n.title === 'franvaro-2026-10-01-2026-10-31.xlsx är klar' && n.link === '/backoffice/downloads')).toBe(
      true,
    )
    const file = await t.request('GET', `/api/downloads/${ready!.id}/file`, { cookie: backoffice })
    expect(file.status).toBe(200)
    expect(file.res.headers.get('content-type')).toMatch(/spreadsheetml/)
    expect(file.res.headers.get('content-disposition')).toContain('franvaro-2026-10-01-2026-10-31.xlsx')
  })

  it('someone else neither sees nor fetches it; an admin sees everyone’s when asking for them', async () => {
    const [mine] = await list(backoffice)
    const other = await exporter()
    expect((await list(other.cookie)).some((d) => d.id === mine!.id)).toBe(false)
    expect((await t.request('GET', `/api/downloads/${mine!.id}/file`, { cookie: other.cookie })).status).toBe(404)
    expect((await list(admin)).some((d) => d.id === mine!.id)).toBe(false)
    expect((await list(admin, '&everyone=true')).find((d) => d.id === mine!.id)).toMatchObject({ mine: false, ownerName: 'Bertil Backoffice' })
  })

  it('a reader whose rules changed since the export no longer gets the file', async () => {
    const me = await exporter()
    expect((await t.request('POST', '/api/absence-exports', { cookie: me.cookie, body: absence })).status).toBe(202)
    await t.jobs.settled()
    const [d] = await list(me.cookie)
    expect(d!.state).toBe('ready')
    expect((await t.request('GET', `/api/downloads/${d!.id}/file`, { cookie: me.cookie })).status).toBe(200)
    const role = (await t.request('GET', `/api/roles/${me.roleId}`, { cookie: admin })).json as { updatedAt: number; name: string }
    const changed = await t.request('PUT', `/api/roles/${me.roleId}`, {
      cookie: admin,
      body: { name: role.name, basedOn: role.updatedAt, permissions: [{ action: 'view', subject: 'downloads' }] },
    })
    expect(changed.status, changed.text).toBe(200)
    const refused = await t.request('GET', `/api/downloads/${d!.id}/file`, { cookie: me.cookie })
    expect(refused.status).toBe(403)
  })

  it('a file made on someone’s behalf is read under its permission of the moment through /api/files too, its maker included (issue 68 Q6)', async () => {
    const me = await exporter()
    expect((await t.request('POST', '/api/absence-exports', { cookie: me.cookie, body: absence })).status).toBe(202)
    await t.jobs.settled()
    const [d] = await list(me.cookie)
    const [row] = await db.select({ fileId: s.downloads.fileId }).from(s.downloads).where(eq(s.downloads.id, d!.id))
    const byId = (cookie: string) => t.request('GET', `/api/files/${row!.fileId}`, { cookie })
    expect((await byId(me.cookie)).status).toBe(200)
    // Whoever may make the same export reads it; someone who may not does not learn it exists.
    expect((await byId(backoffice)).status).toBe(200)
    expect((await byId((await t.login('seller@demo.test')).cookie)).status).toBe(404)
    // The maker loses the back-office rule: the file is theirs no more, by either address.
    const role = (await t.request('GET', `/api/roles/${me.roleId}`, { cookie: admin })).json as { updatedAt: number; name: string }
    await t.request('PUT', `/api/roles/${me.roleId}`, {
      cookie: admin,
      body: { name: role.name, basedOn: role.updatedAt, permissions: [{ action: 'view', subject: 'downloads' }] },
    })
    expect((await byId(me.cookie)).status).toBe(404)
    expect((await t.request('GET', `/api/downloads/${d!.id}/file`, { cookie: me.cookie })).status).toBe(403)
  })

  it('an expired file is gone from storage and says so', async () => {
    const [d] = await list(backoffice)
    const [row] = await db.select().from(s.downloads).where(eq(s.downloads.id, d!.id))
    const result = await housekeeping(t.database, { events: t.events, jobs: t.jobs, downloads: t.downloads }, row!.expiresAt! + 1)
    expect(result.downloadsExpired).toBeGreaterThanOrEqual(1)
    expect(await db.select().from(s.files).where(eq(s.files.id, row!.fileId!))).toHaveLength(0)
    const [after] = await list(backoffice)
    expect(after).toMatchObject({ id: d!.id, state: 'expired' })
    const gone = await t.request('GET', `/api/downloads/${d!.id}/file`, { cookie: backoffice })
    expect(gone.status).toBe(410)
    expect(gone.json.message).toMatch(/gått ut/)
  })

  it('a person may have two large exports running at once; a third is refused with a clear message and nothing started', async () => {
    const me = await exporter()
    let release = () => {}
    hold = new Promise<void>((resolve) => (release = resolve))
    try {
      for (let i = 0; i < 2; i++) expect((await t.request('POST', '/api/absence-exports', { cookie: me.cookie, body: absence })).status).toBe(202)
      // Held while its file is stored: running, with the job's progress.
      await expect.poll(async () => (await list(me.cookie)).map((d) => d.state)).toContain('running')
      const running = (await list(me.cookie)).find((d) => d.state === 'running')!
      expect(running.progress).toBeGreaterThanOrEqual(0)
      const third = await t.request('POST', '/api/absence-exports', { cookie: me.cookie, body: absence, headers: { 'accept-language': 'en' } })
      expect(third.status).toBe(429)
      expect(third.json.message).toBe('You already have 2 large exports under way. Wait until one is ready (see Downloads) and try again.')
      expect(await list(me.cookie)).toHaveLength(2)
    } finally {
      hold = null
      release()
    }
    await t.jobs.settled()
    expect((await list(me.cookie)).map((d) => d.state)).toEqual(['ready', 'ready'])
  })
})
