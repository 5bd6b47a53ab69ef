/**
 * Where this installation of the app keeps its id and secret (docs/decisions/072). Read here without the device
 * module, which brings the device store's library: a browser that never made one has nothing to check.
 */
export const INSTALLATION_KEY = 'saljkraft-installation'

export function hasInstallation(): boolean {
  try {
    return localStorage.getItem(INSTALLATION_KEY) !== null
  } catch {
    return false
  }
}
