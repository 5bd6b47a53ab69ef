import { crc32, deflateSync } from 'node:zlib'
import { expect } from 'vitest'

/**
 * Hostile inputs of the shapes issue 68 found, for the tests of the routes they target and for the route fuzz, and
 * the measure of docs/decisions/079: the server's health answers within a second while such a request is handled.
 */

/** A PNG chunk: length, type, data, CRC (the PNG specification). */
export function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

/**
 * A PNG bomb: `width` × `height` pixels at one bit a pixel (grey), all white, so a 16,000 × 16,000 image is 50 kB on
 * the wire and a gigabyte once decoded to RGBA. Built once per size and kept.
 */
const bombs = new Map<string, Buffer>()
export function pngBomb(width = 16_000, height = 16_000, opts: { animated?: boolean } = {}): Buffer {
  const key = `${width}x${height}${opts.animated ? 'a' : ''}`
  const kept = bombs.get(key)
  if (kept) return kept
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([1, 0, 0, 0, 0], 8) // 1-bit greyscale, no interlace
  const rowBytes = 1 + Math.ceil(width / 8)
  const raw = Buffer.alloc(rowBytes * height, 0xff)
  for (let y = 0; y < height; y++) raw[y * rowBytes] = 0 // filter: none
  const animation = opts.animated ? [pngChunk('acTL', Buffer.from([0, 0, 0, 100, 0, 0, 0, 0]))] : []
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    ...animation,
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
  bombs.set(key, png)
  return png
}

/** A call's text as one line of `chars` characters: ordinary Swedish words, no line breaks (Q2 of issue 68). */
export function longSingleLine(chars = 199_000): string {
  const words = ['hej', 'jag', 'ringer', 'från', 'bolaget', 'om', 'ditt', 'abonnemang', 'vi', 'har', 'ett', 'erbjudande', 'till', 'dig', 'som', 'kund']
  const out: string[] = []
  let length = 0
  for (let i = 0; length < chars; i++) {
    const w = words[(i * 7 + (i >> 3)) % words.length]!
    out.push(w)
    length += w.length + 1
  }
  return out.join(' ').slice(0, chars)
}

/** A script's phrases: `count` ordinary sentences a seller must say, none of which the long line contains. */
export function longScript(count = 60): Array<{ id: string; text: string }> {
  return Array.from({ length: count }, (_, i) => ({ id: `p${i}`, text: `detta samtal spelas in för kvalitet och utbildning del ${i} av vårt avtal` }))
}

/**
 * The health answers while the work ran: how many, how late (ms after they were due), how much of this thread's CPU
 * went by while each waited (`cpuP99`, `cpuMax`), their statuses, and the work's own time.
 */
export type HealthWhile<T> = {
  result: T
  health: { count: number; p99: number; max: number; cpuP99: number; cpuMax: number; statuses: number[]; took: number }
}

/**
 * The server answered throughout the work: every health answer a 200, and none waited while this thread (the
 * server's) spent a second or more of CPU: work that holds the event loop burns that CPU whatever the host, while a
 * host so busy that the thread is not even scheduled, or a database slow to answer, does not (CI saw a health answer
 * 1,061 ms late with the stage's other phases running beside it). Nor was any answer late by more than half the
 * work's own time (or two seconds): work that holds the server, or every database connection, for its whole length
 * fails that either way. How fast is the benchmarks' to measure.
 */
export function expectAnsweredThroughout(health: HealthWhile<unknown>['health']) {
  expect(
    health.statuses.every((s) => s === 200),
    JSON.stringify(health),
  ).toBe(true)
  expect(health.count, JSON.stringify(health)).toBeGreaterThan(0)
  expect(health.cpuP99, JSON.stringify(health)).toBeLessThan(1_000)
  expect(health.p99, JSON.stringify(health)).toBeLessThan(Math.max(2_000, health.took / 2))
}

/** How often the health is asked while the work runs. */
const HEALTH_EVERY_MS = 25

/**
 * Asks `/api/health` every HEALTH_EVERY_MS while `work` runs, as a monitor from outside would, and times each answer
 * from the moment it was due, not from when the thread got round to sending it: a request that holds the event loop
 * (or the database) shows as health answers that came that much late.
 */
export async function healthWhile<T>(request: (method: string, url: string) => Promise<{ status: number }>, work: () => Promise<T>): Promise<HealthWhile<T>> {
  let done = false
  const started = performance.now()
  let took = 0
  const times: number[] = []
  const cpu: number[] = []
  const statuses: number[] = []
  const poll = (async () => {
    // One turn of the event loop first, so the work has started before the first health request.
    await new Promise((resolve) => setImmediate(resolve))
    let due = performance.now()
    // The thread's CPU is counted from the previous answer (or the start), not from when the request was due: the
    // thread cannot look at its clock while something else holds it, and that hold is what is measured.
    let sinceCpu = process.threadCpuUsage()
    // A request after every wait, the last one too: work that holds the thread at its very end delays that one.
    for (;;) {
      const r = await request('GET', '/api/health')
      const answered = performance.now()
      const spent = process.threadCpuUsage(sinceCpu)
      sinceCpu = process.threadCpuUsage()
      times.push(answered - due)
      cpu.push((spent.user + spent.system) / 1000)
      statuses.push(r.status)
      if (done) break
      due = Math.max(due + HEALTH_EVERY_MS, answered)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - performance.now())))
    }
  })()
  try {
    const result = await work()
    took = performance.now() - started
    done = true
    await poll
    return { result, health: summary() }
  } finally {
    done = true
    await poll
  }
  function summary() {
    const p99 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * 0.99))] ?? 0
    const max = (values: number[]) => Math.max(0, ...values)
    return { count: times.length, p99: p99(times), max: max(times), cpuP99: p99(cpu), cpuMax: max(cpu), statuses, took }
  }
}
