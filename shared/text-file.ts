/** A text file's bytes as text: UTF-8, or Windows-1252 (what Excel saves in Sweden) when they are not UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return new TextDecoder('windows-1252').decode(bytes)
  }
}
