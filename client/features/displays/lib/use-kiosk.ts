import { useEffect, useRef, useState } from 'react'
import type { DisplayNewsflash, DisplayScenes, DisplayStatus } from '../../../../shared/schemas/displays'
import { ApiClientError } from '../../../lib/api-client'
import { displayAuthorization, displayScenes, displayStatus, requestPairing } from '../api/displays-api'
import { connectScreen } from './screen-realtime'

/** What the kiosk keeps in its browser: its id, its secret (the credential) and, while it waits, its code. */
type Kept = { id: string; secret: string; code?: string; expiresAt?: number }
const STORAGE_KEY = 'saljkraft.display'

const load = (): Kept | null => {
  try {
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Kept | null
    return kept && typeof kept.id === 'string' && typeof kept.secret === 'string' ? kept : null
  } catch {
    return null
  }
}
const save = (kept: Kept) => localStorage.setItem(STORAGE_KEY, JSON.stringify(kept))
const forget = () => localStorage.removeItem(STORAGE_KEY)

/** How often the kiosk asks how it stands: waiting for its pairing, and once paired (realtime tells it sooner). */
export const KIOSK_TIMERS = { pendingMs: 2_000, pairedMs: 10_000, scenesMs: 60_000, pokedScenesMs: 15_000, retryMaxMs: 30_000, recheckMs: 2_500 }

/** What the kiosk tells the page: a moment to show; that it is no longer paired (what was queued goes). */
export type KioskHandlers = { onFlash(flash: DisplayNewsflash): void; onUnpaired(): void }

export type KioskState =
  | { phase: 'starting' }
  | { phase: 'pairing'; code: string; expiresAt: number }
  | {
      phase: 'paired'
      id: string
      display: NonNullable<DisplayStatus['display']>
      scenes: DisplayScenes | null
      /** when the figures shown were read; the screen says so when it cannot read newer ones */
      updatedAt: number | null
      offline: boolean
    }

/**
 * The kiosk's life (docs/decisions/101): it asks for a code and shows it until an admin pairs it; then it shows what
 * it was paired to show, reads its figures every minute (sooner when the game's standings move), hears newsflashes
 * and its revocation on its own channel, takes the new secret the server hands it once a day, and goes back to a new
 * code when it is revoked or forgotten. A network drop keeps the last figures on screen and tries again, more slowly
 * each time, up to 30 seconds apart.
 */
export function useKiosk(handlers: KioskHandlers): KioskState {
  const [state, setState] = useState<KioskState>({ phase: 'starting' })
  const handlersRef = useRef(handlers)
  useEffect(() => {
    handlersRef.current = handlers
  })
  useEffect(() => {
    let stopped = false
    let wake: (() => void) | null = null
    let scenesDue = 0
    let failures = 0
    let live: { id: string; stop(): void } | null = null
    let recheck: ReturnType<typeof setTimeout> | undefined
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms)
        function done() {
          clearTimeout(timer)
          wake = null
          resolve()
        }
        wake = done
      })
    const unlink = () => {
      if (live) handlersRef.current.onUnpaired()
      live?.stop()
      live = null
    }

    async function step(): Promise<number> {
      let kept = load()
      if (!kept) {
        unlink()
        const p = await requestPairing()
        kept = { id: p.id, secret: p.secret, code: p.code, expiresAt: p.expiresAt }
        save(kept)
      }
      const authorization = displayAuthorization(kept.id, kept.secret)
      const status = await displayStatus(authorization)
      if (status.secret) save((kept = { id: kept.id, secret: status.secret }))
      if (status.state === 'pending') {
        setState({ phase: 'pairing', code: kept.code ?? '', expiresAt: status.expiresAt ?? 0 })
        return KIOSK_TIMERS.pendingMs
      }
      if (status.state !== 'paired' || !status.display) {
        // Revoked, or a code that expired: what it showed goes, and it asks for a new code.
        forget()
        unlink()
        scenesDue = 0
        setState({ phase: 'starting' })
        return 0
      }
      const display = status.display
      if (kept.code) save((kept = { id: kept.id, secret: kept.secret }))
      if (live?.id !== kept.id) {
        unlink()
        const id = kept.id
        live = {
          id,
          ...connectScreen(id, () => displayAuthorization(load()?.id ?? id, load()?.secret ?? ''), {
            onFlash: (f) => handlersRef.current.onFlash(f),
            // Asked at once, and again once every instance has read the screen's row afresh (they keep it 2 s).
            onChanged: () => {
              wake?.()
              clearTimeout(recheck)
              recheck = setTimeout(() => wake?.(), KIOSK_TIMERS.recheckMs)
            },
            onStandings: () => {
              scenesDue = Math.min(scenesDue, Date.now() + KIOSK_TIMERS.pokedScenesMs * Math.random())
              wake?.()
            },
          }),
        }
      }
      setState((s) =>
        s.phase === 'paired' && s.id === kept.id ? { ...s, display } : { phase: 'paired', id: kept.id, display, scenes: null, updatedAt: null, offline: false },
      )
      if (Date.now() >= scenesDue) {
        const scenes = await displayScenes(authorization)
        scenesDue = Date.now() + KIOSK_TIMERS.scenesMs
        setState((s) => (s.phase === 'paired' ? { ...s, scenes, updatedAt: scenes.at, offline: false } : s))
      }
      return Math.min(KIOSK_TIMERS.pairedMs, Math.max(0, scenesDue - Date.now()))
    }

    async function run() {
      while (!stopped) {
        let next: number
        try {
          next = await step()
          failures = 0
          setState((s) => (s.phase === 'paired' && s.offline ? { ...s, offline: false } : s))
        } catch (err) {
          if (err instanceof ApiClientError && err.status === 401) {
            // Its credential is not known (a database restored, a screen deleted): it pairs again.
            forget()
            unlink()
            scenesDue = 0
            setState({ phase: 'starting' })
            next = 0
          } else if (err instanceof ApiClientError && err.status === 409) {
            // Not paired after all (revoked meanwhile): the status says what now.
            scenesDue = 0
            next = 1_000
          } else {
            failures++
            setState((s) => (s.phase === 'paired' ? { ...s, offline: true } : s))
            next = Math.min(KIOSK_TIMERS.retryMaxMs, 1_000 * 2 ** Math.min(failures, 5)) * (0.75 + Math.random() / 2)
          }
        }
        if (!stopped) await sleep(next)
      }
    }
    void run()
    return () => {
      stopped = true
      clearTimeout(recheck)
      wake?.()
      unlink()
    }
  }, [])
  return state
}
