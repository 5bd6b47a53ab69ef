import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BiAnswer, BiInvalid } from '../../../shared/schemas/assistant'
import { createTestApp } from '../../test/harness'
import { openaiProblems } from '../../test/references/openai'

/**
 * The optional engine against a local stub of an OpenAI-compatible chat API, answering with recorded tool calls
 * (a valid one, one outside the schema, one naming an id the asker may not see, none, an error), and the quota
 * counted in the database. Every request the app sends and every answer the stub makes are checked against OpenAI's
 * own API description (server/test/references/openai.ts).
 */
type Recorded = {
  body: { model: string; messages: Array<{ role: string; content: string }>; tools: Array<{ function: { name: string; parameters: unknown } }> }
  auth: string
}
const requests: Recorded[] = []
let teamId = ''

/** What the app sent and what the stub answered that OpenAI's API description does not allow (checked at the end). */
const contractProblems: string[] = []
afterAll(() => expect(contractProblems).toEqual([]))

/** A chat completion as the description defines one: every field it requires. */
const completion = (message: Record<string, unknown>, finish: 'stop' | 'tool_calls') => ({
  id: 'chatcmpl-1',
  object: 'chat.completion',
  created: 1795958712,
  model: 'stub-model',
  choices: [{ index: 0, finish_reason: finish, logprobs: null, message: { role: 'assistant', refusal: null, ...message } }],
})
const toolCall = (args: unknown) =>
  completion({ content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'bi_query', arguments: JSON.stringify(args) } }] }, 'tool_calls')

const stub = createServer((req: IncomingMessage, res: ServerResponse) => {
  let raw = ''
  req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')))
  req.on('end', () => {
    const body = JSON.parse(raw) as Recorded['body']
    requests.push({ body, auth: req.headers.authorization ?? '' })
    contractProblems.push(...openaiProblems('CreateChatCompletionRequest', body).map((p) => `request ${p}`))
    const question = body.messages.at(-1)!.content
    const send = (status: number, payload: unknown) => {
      if (status === 200) contractProblems.push(...openaiProblems('CreateChatCompletionResponse', payload).map((p) => `answer ${p}`))
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(payload))
    }
    if (req.url !== '/v1/chat/completions') return send(404, { error: 'not found' })
    if (question.includes('valid one'))
      return send(200, toolCall({ measure: 'orders', groupBy: ['team'], filters: { team: [teamId] }, period: { kind: 'year', year: 2019 } }))
    if (question.includes('outside')) return send(200, toolCall({ measure: 'profit', period: { kind: 'year', year: 2019 }, sql: 'select * from users' }))
    if (question.includes('stranger'))
      return send(200, toolCall({ measure: 'orders', filters: { seller: ['someone-else'] }, period: { kind: 'year', year: 2019 } }))
    if (question.includes('chit-chat')) return send(200, completion({ content: 'Hello!' }, 'stop'))
    return send(500, { error: { message: 'The server is overloaded', type: 'server_error', param: null, code: null } })
  })
})
await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve))
const port = (stub.address() as AddressInfo).port
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())))

const app = await createTestApp({
  ASSISTANT_LLM_URL: `http://127.0.0.1:${port}/v1`,
  ASSISTANT_LLM_KEY: 'test-key',
  ASSISTANT_LLM_MODEL: 'stub-model',
  ASSISTANT_QUOTA_PER_MINUTE: '4',
})
let admin = ''
let manager = ''

beforeAll(async () => {
  admin = (await app.login('admin@demo.test')).cookie
  manager = (await app.login('manager@demo.test')).cookie
  teamId = (await app.database.db.select().from(app.database.t.teams).where(eq(app.database.t.teams.name, 'Team Lund')))[0]!.id
})

const ask = async (cookie: string, question: string) => {
  const r = await app.request('POST', '/api/assistant/ask', { cookie, body: { question } })
  return r
}

describe('an OpenAI-compatible chat API', () => {
  it('is asked with one tool whose parameters are the query schema, the key, the model and the names the asker may see', async () => {
    const r = await ask(admin, 'the valid one please')
    expect(r.status, r.text).toBe(200)
    const a = r.json as unknown as BiAnswer | { kind: 'noData'; query: unknown }
    expect(a.kind === 'answer' || a.kind === 'noData').toBe(true)
    expect((a as BiAnswer).query).toMatchObject({ measure: 'orders', groupBy: ['team'], filters: { team: [teamId] } })
    if (a.kind === 'answer') expect(a.engine).toBe('llm')
    const last = requests.at(-1)!
    expect(last.auth).toBe('Bearer test-key')
    expect(last.body.model).toBe('stub-model')
    expect(last.body.tools.map((t) => t.function.name)).toEqual(['bi_query'])
    expect(JSON.stringify(last.body.tools[0]!.function.parameters)).toContain('orderValue')
    expect(last.body.messages[0]!.content).toContain(`team\t${teamId}\tTeam Lund`)
  })

  it('refuses a tool call outside the schema, and one naming an id the asker may not see', async () => {
    const outside = (await ask(admin, 'outside the schema')).json as unknown as BiInvalid
    expect(outside).toMatchObject({ kind: 'invalid', message: 'Ogiltig fråga' })
    const stranger = (await ask(admin, 'a stranger')).json as unknown as BiInvalid
    expect(stranger.kind).toBe('invalid')
    const chat = (await ask(admin, 'chit-chat')).json as unknown as BiInvalid
    expect(chat.kind).toBe('invalid')
  })

  it('when the API fails, the built-in parser answers', async () => {
    const r = await ask(manager, 'ordervärde per team 2019')
    expect(r.status).toBe(200)
    const reply = r.json as unknown as { kind: string; query?: { measure: string }; engine?: string }
    expect(['answer', 'noData']).toContain(reply.kind)
    expect(reply.query?.measure).toBe('orderValue')
    if (reply.kind === 'answer') expect(reply.engine).toBe('parser')
  })
})

describe('the quota', () => {
  it('counts a person’s questions a minute in the database; over it, the spec’s words in the person’s language', async () => {
    const cookie = (await app.login('coach@demo.test')).cookie
    for (let i = 0; i < 4; i++) expect((await ask(cookie, 'ordervärde 2019')).status).toBe(200)
    const over = await ask(cookie, 'ordervärde 2019')
    expect(over.status).toBe(429)
    expect(over.json).toMatchObject({ error: 'assistant_quota', message: 'Gränsen för antal frågor är nådd. Vänta ungefär 1 minut innan nästa fråga.' })
    expect(Number(over.res.headers.get('retry-after'))).toBeGreaterThan(0)
    const english = await app.request('POST', '/api/assistant/ask', { cookie, body: { question: 'x' }, headers: { 'accept-language': 'en' } })
    expect(english.json).toMatchObject({ message: 'The request quota has been reached, please wait approximately 1 minute before the next request.' })
    // Kept in the database (every instance shares it), and another person's questions are their own.
    const rows = await app.database.db.select().from(app.database.t.rateLimits)
    expect(rows.some((r) => r.key.startsWith('assistant'))).toBe(true)
    const other = (await app.login('backoffice@demo.test')).cookie
    expect((await ask(other, 'ordervärde 2019')).status).toBe(200)
  })

  it('counts every run: opening a saved statistic spends the same quota as asking', async () => {
    // Opening one 60 times in 4 s while asking answered 429 (issue 39).
    const roles = await app.request('GET', '/api/roles', { cookie: admin })
    const roleId = (roles.json.items as Array<{ id: string; key: string }>).find((r) => r.key === 'backoffice')!.id
    const made = await app.request('POST', '/api/users', {
      cookie: admin,
      body: { email: 'statistik@demo.test', firstName: 'Stina', lastName: 'Statistik', password: 'ett-langt-losenord', roleId },
    })
    expect(made.status, made.text).toBe(201)
    const cookie = (await app.login('statistik@demo.test', 'ett-langt-losenord')).cookie
    const saved = await app.request('POST', '/api/assistant/stats', {
      cookie,
      body: { name: 'Order 2019', query: { measure: 'orders', period: { kind: 'year', year: 2019 } } },
    })
    expect(saved.status, saved.text).toBe(201)
    const open = () => app.request('GET', `/api/assistant/stats/${(saved.json as { id: string }).id}`, { cookie })
    for (let i = 0; i < 4; i++) expect((await open()).status).toBe(200)
    const over = await open()
    expect(over.status).toBe(429)
    expect(over.json).toMatchObject({ error: 'assistant_quota' })
    expect((await ask(cookie, 'ordervärde 2019')).status).toBe(429)
  })
})
