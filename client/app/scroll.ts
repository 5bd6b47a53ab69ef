/** Scroll offset for hash links, so a sticky bar does not cover the target (spec section 9). */
export const HASH_SCROLL_OFFSET = 60

/** Where the window scrolls for a navigation: to the top, or smoothly to the hash target minus the offset. */
export function scrollForNavigation(hash: string, attempt = 0): void {
  if (!hash) {
    window.scrollTo({ top: 0, left: 0 })
    return
  }
  const target = document.getElementById(decodeURIComponent(hash.slice(1)))
  if (!target) {
    // The screen may still be loading: try again for a short while.
    if (attempt < 20) window.setTimeout(() => scrollForNavigation(hash, attempt + 1), 50)
    return
  }
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET
  window.scrollTo({ top, behavior: 'smooth' })
}
