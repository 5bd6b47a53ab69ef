/**
 * The picture of the seller's home (docs/decisions/092): the home as it was last drawn, kept in this browser so
 * the next start shows it at once (public/home-snapshot.js paints it before the app's code runs), until the app's
 * own home takes over. Taken when the home is drawn and as the page is hidden; valid for the same person, the same
 * business day, the same look and width, and the same build; forgotten at sign-out.
 */
export const HOME_SNAPSHOT_KEY = 'sk-home-snapshot'
/** A picture larger than this (characters) is not kept: local storage is small and shared with the session. */
const MAX_CHARS = 2_000_000
/** The attributes of the document element the picture's styles depend on. */
const ATTRIBUTES = ['class', 'lang', 'dir', 'data-field', 'data-skin', 'data-thumb-dock']

type Tap = { href: string | null; testId: string | null; text: string }
/** What the boot script shows, while it shows it. */
type Shown = { paths: string[]; tap: Tap | null; removed: boolean; remove: () => void }

declare global {
  // A global's augmentation must be an interface (it merges with the DOM's Window).
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    /** The look a picture is valid for, and its preferences' part (public/home-snapshot.js): absent where the boot script did not run. */
    skLook?: { key: () => string; cookies: () => string }
    /** The picture on screen at start, if one is. */
    skHomeSnapshot?: Shown
  }
}

/** The look the app last drew the page in: the preferences and the device's settings as they were applied. */
let appliedLook: string | null = null

/** The page is drawn in the look in force now (client/lib/preferences.ts, at start and at each change of it). */
export function noteAppliedLook() {
  appliedLook = window.skLook?.key() ?? null
}

/** The app's entry, as the boot script that starts it names it: a picture is for this build. */
const entryOf = () => document.querySelector('script[data-entry]')?.getAttribute('data-entry') ?? null

/**
 * Keeps the home as drawn now for the next start, with the look it was drawn in and the window's width. `paths`: where it is the first screen (its own path, and `/` for a
 * seller, whose day starts there); `until`: when it stops being valid (the next business day's start: its figures are
 * today's). Nothing is kept while a dialog is open (its content is outside the page's root)
 * or where the boot script did not run. Never throws: a full storage keeps no picture.
 */
export function takeHomeSnapshot(userId: string, paths: string[], until: number): boolean {
  const look = appliedLook
  const entry = entryOf()
  const root = document.getElementById('root')
  if (!look || !entry || !root || window.skHomeSnapshot?.removed === false) return false
  // Preferences changed elsewhere (another tab) since the page was drawn: it is not in the look they now ask for.
  if (!look.startsWith(`${window.skLook!.cookies()}|`)) return false
  if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return false
  try {
    const copy = root.cloneNode(true) as HTMLElement
    // The picture is for the eye alone: out of the keyboard's way (it is hidden from assistive technology, which
    // meets the app itself), without the app's element ids and test ids, which stay the app's own.
    copy.querySelectorAll('a[href], button, input, select, textarea, [tabindex]').forEach((el) => el.setAttribute('tabindex', '-1'))
    copy.querySelectorAll('[id]').forEach((el) => el.removeAttribute('id'))
    copy.querySelectorAll('[data-testid]').forEach((el) => {
      el.setAttribute('data-sk-testid', el.getAttribute('data-testid')!)
      el.removeAttribute('data-testid')
    })
    // A chart is drawn on a canvas, which a copy leaves empty: its pixels go along as an image.
    const drawn = root.querySelectorAll('canvas')
    copy.querySelectorAll('canvas').forEach((canvas, i) => {
      const image = document.createElement('img')
      image.src = drawn[i]!.toDataURL()
      image.alt = drawn[i]!.getAttribute('aria-label') ?? ''
      image.setAttribute('style', `${canvas.getAttribute('style') ?? ''};width:${drawn[i]!.clientWidth}px;height:${drawn[i]!.clientHeight}px`)
      canvas.replaceWith(image)
    })
    const css: string[] = []
    for (const sheet of Array.from(document.styleSheets)) {
      if (sheet.ownerNode instanceof Element && sheet.ownerNode.id === 'sk-snapshot-css') continue
      try {
        for (const rule of Array.from(sheet.cssRules)) css.push(rule.cssText)
      } catch {
        // Another origin's stylesheet cannot be read; the app has none.
      }
    }
    const attrs: Record<string, string> = {}
    for (const name of ATTRIBUTES) {
      const value = document.documentElement.getAttribute(name)
      if (value !== null) attrs[name] = value
    }
    const text = JSON.stringify({
      v: 1,
      user: userId,
      entry,
      paths,
      until,
      look,
      width: window.innerWidth,
      html: copy.innerHTML,
      css: css.join('\n'),
      attrs,
      bg: getComputedStyle(document.body).backgroundColor,
      at: Date.now(),
    })
    if (text.length > MAX_CHARS) {
      forgetHomeSnapshot()
      return false
    }
    localStorage.setItem(HOME_SNAPSHOT_KEY, text)
    return true
  } catch {
    forgetHomeSnapshot()
    return false
  }
}

/** No picture for the next start (signed out, or another person). */
export function forgetHomeSnapshot() {
  try {
    localStorage.removeItem(HOME_SNAPSHOT_KEY)
  } catch {
    // Storage unavailable: nothing kept either.
  }
}

/**
 * The app's home is drawn: the picture gives way, and a tap made on it is carried out on the live home — a link's
 * address through the app's navigation, a button by its test id or its name.
 */
export function takeOverHomeSnapshot(navigate: (to: string) => void) {
  const shown = window.skHomeSnapshot
  if (!shown || shown.removed) return
  const tap = shown.tap
  shown.remove()
  if (!tap) return
  // After the hand-over's commit, as the seller's own tap would come.
  window.setTimeout(() => {
    if (tap.href?.startsWith('/') && !tap.href.startsWith('//')) return navigate(tap.href)
    const root = document.getElementById('root')
    if (!root) return
    const buttons = Array.from(root.querySelectorAll<HTMLElement>('button, [role="button"]'))
    const target = tap.testId
      ? root.querySelector<HTMLElement>(`[data-testid="${CSS.escape(tap.testId)}"]`)
      : buttons.find((b) => b.textContent?.trim() === tap.text)
    target?.click()
  }, 0)
}

/** The picture gives way without the home (the app shows another screen, a gate or an error). */
export function dismissHomeSnapshot() {
  window.skHomeSnapshot?.remove()
}

/** Whether the picture may stay while the app is at `pathname` (it is one of the picture's paths). */
export function homeSnapshotFits(pathname: string): boolean {
  const shown = window.skHomeSnapshot
  return !!shown && !shown.removed && shown.paths.includes(pathname)
}
