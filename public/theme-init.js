// Runs before the app bundle (index.html loads it synchronously): paints the page in the saved colours,
// so the first frame is never in the wrong theme. Reads the preference cookies (spec section 3).
;(function () {
  var cookies = {}
  document.cookie.split('; ').forEach(function (part) {
    var i = part.indexOf('=')
    if (i > 0 && part.indexOf('saljkraft-') === 0) cookies[part.slice(10, i)] = decodeURIComponent(part.slice(i + 1))
  })
  var theme = cookies.theme || 'system'
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches)
  var root = document.documentElement
  root.classList.add(dark ? 'dark' : 'light')
  root.style.colorScheme = dark ? 'dark' : 'light'
  if (cookies.skin === 'bordered') root.dataset.skin = 'bordered'
  if (/^#[0-9a-fA-F]{6}$/.test(cookies.primaryColor || '')) root.style.setProperty('--sk-primary', cookies.primaryColor)
  var bg = cookies['initial-loader-bg'] || (dark ? '#18181b' : '#fafafa')
  root.style.backgroundColor = bg
  root.style.setProperty('--sk-loader-color', cookies['initial-loader-color'] || '#C2185B')
  if (cookies.language && /^(sv|en|fi)$/.test(cookies.language)) root.lang = cookies.language
})()
