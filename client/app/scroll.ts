/** Scroll offset for hash links, so a sticky bar does not cover the target (spec section 9). */
export const HASH_SCROLL_OFFSET = 60

function scrollToTarget(target: HTMLElement) {
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET
  window.scrollTo({ top, behavior: 'smooth' })
}

/** Where the window scrolls for a navigation: to the top, or smoothly to the hash target minus the offset. */
export function scrollForNavigation(hash: string, attempt = 0): void {
  if (!hash) {
    window.scrollTo({ top: 0, left: 0 })
    return
  }
  const target = document.getElementById(decodeURIComponent(hash.slice(1)))
  if (!target) {
    // The screen may still be loading: try again for a short while.
    if (attempt < 40) window.setTimeout(() => scrollForNavigation(hash, attempt + 1), 50)
    return
  }
  // On a first page load the browser jumps to the fragment itself until the document has loaded;
  // scroll after that, so the offset is the last word.
  if (document.readyState !== 'complete') {
    window.addEventListener('load', () => requestAnimationFrame(() => scrollToTarget(target)), { once: true })
    return
  }
  requestAnimationFrame(() => scrollToTarget(target))
}
