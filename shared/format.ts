/** Formatting helpers shared by the client, the server and exports. */

/** Full name → uppercase initials of each word; empty when there is no name (spec section 9). */
export function initials(fullName: string | null | undefined): string {
  if (!fullName) return ''
  return fullName
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase())
    .join('')
}
