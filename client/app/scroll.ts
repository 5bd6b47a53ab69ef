/** Scroll offset for hash links, so a sticky bar does not cover the target (spec section 9). */
export const HASH_SCROLL_OFFSET = 60

/**
 * The navigation the scroll work belongs to: a later navigation makes the earlier one's waiting work (a retry
 * while its screen loads, a wait for the document's load event) do nothing, so a slow first page can never scroll
 * the next page away from its top.
 */
let current = 0

function scrollToTarget(target: HTMLElement, navigation: number) {
  if (navigation !== current || !target.isConnected) return
  const top = target.getBoundingClientRect().top + window.scrollY - HASH_SCROLL_OFFSET
  window.scrollTo({ top, behavior: 'smooth' })
}

/** Where the window scrolls for a navigation: to the top, or smoothly to the hash target minus the offset. */
export function scrollForNavigation(hash: string): void {
  const navigation = ++current
  if (!hash) {
    window.scrollTo({ top: 0, left: 0 })
    return
  }
  const attempt = (tries: number) => {
    if (navigation !== current) return
    const target = document.getElementById(decodeURIComponent(hash.slice(1)))
    if (!target) {
      // The screen may still be loading: try again for a short while.
      if (tries < 40) window.setTimeout(() => attempt(tries + 1), 50)
      return
    }
    // On a first page load the browser jumps to the fragment itself until the document has loaded;
    // scroll after that, so the offset is the last word.
    if (document.readyState !== 'complete') {
      window.addEventListener('load', () => requestAnimationFrame(() => scrollToTarget(target, navigation)), { once: true })
      return
    }
    requestAnimationFrame(() => scrollToTarget(target, navigation))
  }
  attempt(0)
}
