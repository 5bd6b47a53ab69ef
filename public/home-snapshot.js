// Runs at the end of the body, before the app's code (docs/decisions/092). When the seller's home is opened on the
// device that last showed it, to the same person, on the same day, in the same look and the same build, it paints
// the picture of that home kept at its last showing (client/lib/home-snapshot.ts), at once, and starts the app's
// code only after that frame: on a slow phone the figures are on screen in a fraction of a second instead of after
// the seconds the app takes to start. The picture is not the app: a tap on it is remembered and carried out by the
// app when it takes over. Without a picture, the app's code starts here at once. Not compiled: written for the
// browsers that run the app's modules.
;(function () {
  var script = document.currentScript
  var entry = script && script.getAttribute('data-entry')
  var KEY = 'sk-home-snapshot'
  var started = false
  function start() {
    if (started || !entry) return
    started = true
    var s = document.createElement('script')
    s.type = 'module'
    s.crossOrigin = ''
    s.src = entry
    document.body.appendChild(s)
  }
  /** The preferences the page is drawn with (the language among them), as their cookies say. */
  function lookCookies() {
    return document.cookie
      .split('; ')
      .filter(function (c) {
        // The preferences themselves; the colours the app derives from them (kept for this script's first frame) not.
        return c.indexOf('saljkraft-') === 0 && c.indexOf('saljkraft-initial-loader') !== 0 && c.indexOf('saljkraft-color-scheme') !== 0
      })
      .sort()
      .join(';')
  }
  /** What decides how the page looks: the preferences and the device's own dark and increase-contrast settings. */
  function lookKey() {
    var media = ['(prefers-color-scheme: dark)', '(prefers-contrast: more)']
    var parts = [lookCookies()]
    for (var i = 0; i < media.length; i++) parts.push(window.matchMedia && window.matchMedia(media[i]).matches ? '1' : '0')
    return parts.join('|')
  }
  window.skLook = { key: lookKey, cookies: lookCookies }
  var snap = null
  try {
    var raw = localStorage.getItem(KEY)
    var user = JSON.parse(localStorage.getItem('userData') || 'null')
    if (raw) snap = JSON.parse(raw)
    if (
      !snap ||
      snap.v !== 1 ||
      !user ||
      snap.user !== user.id ||
      snap.entry !== entry ||
      !snap.paths ||
      snap.paths.indexOf(location.pathname) < 0 ||
      !(Date.now() < snap.until) ||
      snap.look !== lookKey() ||
      // The layout is the window's width's: a picture taken upright is not shown on its side.
      snap.width !== window.innerWidth
    )
      snap = null
  } catch {
    // Unreadable storage or a damaged picture: the app starts as usual.
    snap = null
  }
  if (!snap) return start()

  var html = document.documentElement
  var style = document.createElement('style')
  style.id = 'sk-snapshot-css'
  style.textContent =
    snap.css +
    '\n#sk-snapshot{position:fixed;inset:0;overflow:auto;z-index:2147483000;background:var(--sk-snapshot-bg)}' +
    '#sk-snapshot [data-sk-pending]{outline:3px solid currentColor;outline-offset:2px;opacity:.7}'
  document.head.appendChild(style)
  html.style.setProperty('--sk-snapshot-bg', snap.bg)
  for (var name in snap.attrs) if (Object.prototype.hasOwnProperty.call(snap.attrs, name)) html.setAttribute(name, snap.attrs[name])
  var cover = document.createElement('div')
  cover.id = 'sk-snapshot'
  // For the eye alone: assistive technology meets the app itself, as soon as it runs.
  cover.setAttribute('aria-hidden', 'true')
  cover.innerHTML = snap.html
  document.body.appendChild(cover)

  var shown = { paths: snap.paths, tap: null, removed: false }
  /** A tap on the picture: a link's address or a button's name, for the app to carry out when it takes over. */
  function remember(event) {
    var el = event.target && event.target.closest ? event.target.closest('a[href],button,[role="button"]') : null
    event.preventDefault()
    event.stopPropagation()
    if (!el || el.disabled) return
    var link = el.closest('a[href]')
    var old = cover.querySelector('[data-sk-pending]')
    if (old) old.removeAttribute('data-sk-pending')
    el.setAttribute('data-sk-pending', '')
    shown.tap = {
      href: link ? link.getAttribute('href') : null,
      testId: el.getAttribute('data-sk-testid'),
      text: (el.textContent || '').trim(),
    }
  }
  cover.addEventListener('click', remember, true)
  shown.remove = function () {
    if (shown.removed) return
    shown.removed = true
    cover.remove()
    style.remove()
    html.style.removeProperty('--sk-snapshot-bg')
    // The app sets the look's own attributes itself; the dock's room only while the app shows a dock.
    if (!document.querySelector('#root [data-thumb-dock]')) html.removeAttribute('data-thumb-dock')
  }
  window.skHomeSnapshot = shown
  performance.mark('seller-home-shown')
  // The app's code after the frame that paints the picture (a task queued from the frame's callback runs after it).
  // A page not on screen draws no frames: its code starts at once, and in any case within half a second.
  if (document.visibilityState === 'hidden') return start()
  requestAnimationFrame(function () {
    setTimeout(start, 0)
  })
  setTimeout(start, 500)
})()
