import { DEVICE_IMPORT_FIELDS, type DeviceAlert, type DeviceKind, type DeviceImportField, type DeviceMapping, type DeviceSettings } from '../schemas/devices'

/**
 * The devices' rules (docs/decisions/072): when a device needs attention, how an app version compares, and how an
 * MDM's device list is read — its columns by their usual names in Intune, Jamf and similar tools (in Swedish,
 * English and Finnish), storage with or without a unit, and dates in the formats those tools write.
 */

const MB = 1024 * 1024

/** "1.10.2" after "1.9"; missing parts count as 0. Null when either is not a version. */
export function compareVersions(a: string, b: string): number | null {
  const parse = (v: string) => (/^\d+(\.\d+){0,3}$/.test(v.trim()) ? v.trim().split('.').map(Number) : null)
  const x = parse(a)
  const y = parse(b)
  if (!x || !y) return null
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0)
    if (d !== 0) return Math.sign(d)
  }
  return 0
}

/** A version as text that sorts as versions compare ("1.10" after "1.9"): four parts of five digits; null for no version. */
export function appVersionKey(version: string | null): string | null {
  if (!version || !/^\d+(\.\d+){0,3}$/.test(version.trim())) return null
  const parts = version.trim().split('.')
  while (parts.length < 4) parts.push('0')
  return parts.map((p) => p.slice(-5).padStart(5, '0')).join('.')
}

const MAKERS: Array<[RegExp, string]> = [
  [/^(SM-|GT-|Galaxy)/i, 'Samsung'],
  [/^Pixel/i, 'Google'],
  [/^(iPhone|iPad)/i, 'Apple'],
  [/^(moto|XT\d)/i, 'Motorola'],
  [/^(CPH|OPPO)/i, 'OPPO'],
  [/^(Redmi|POCO|Mi |M\d{4}|2\d{3}[A-Z0-9]{4,})/i, 'Xiaomi'],
  [/^(Nokia|TA-)/i, 'Nokia'],
  [/^(XQ-|SO-|Xperia)/i, 'Sony'],
  [/^(ONEPLUS|IN20|KB20|LE21|NE22|CPH2\d{3})/i, 'OnePlus'],
  [/^(HUAWEI|ELS-|VOG-|ANA-)/i, 'Huawei'],
]

/** The maker of a device by its model as browsers give it ("SM-A546B" is a Samsung); null when not known. */
export function manufacturerOfModel(model: string | null): string | null {
  if (!model) return null
  return MAKERS.find(([pattern]) => pattern.test(model.trim()))?.[1] ?? null
}

export type DeviceFacts = {
  lost: boolean
  pending: number
  lastSyncAt: number | null
  /** when the device was registered or first named: a device never synced is stale from then */
  enrolledAt: number | null
  appVersion: string | null
  freeStorageBytes: number | null
}

/**
 * What needs attention: changes waiting and no sync for `staleHours`; less free space than `lowSpaceMb`; an app older
 * than `minAppVersion`. A lost device has none (it is dealt with).
 */
export function deviceAlerts(d: DeviceFacts, settings: DeviceSettings, now: number): DeviceAlert[] {
  if (d.lost) return []
  const out: DeviceAlert[] = []
  const since = d.lastSyncAt ?? d.enrolledAt
  if (d.pending > 0 && since !== null && now - since >= settings.staleHours * 3600_000) out.push('stale')
  if (d.freeStorageBytes !== null && d.freeStorageBytes < settings.lowSpaceMb * MB) out.push('lowSpace')
  if (settings.minAppVersion && d.appVersion && (compareVersions(d.appVersion, settings.minAppVersion) ?? 0) < 0) out.push('oldVersion')
  return out
}

/** A header as the synonyms are written: lower case, no unit in brackets, single spaces. */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[_\-.:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

const SYNONYMS: Record<DeviceImportField, string[]> = {
  serialNumber: ['serial number', 'serialnumber', 'serial', 'serial no', 'serienummer', 'sarjanumero'],
  email: [
    'primary user email address',
    'primary user email',
    'user email',
    'email',
    'e mail',
    'email address',
    'primary user upn',
    'user principal name',
    'userprincipalname',
    'upn',
    'e post',
    'epost',
    'användare',
    'sähköposti',
  ],
  name: ['device name', 'devicename', 'name', 'enhetsnamn', 'enhet', 'laitteen nimi', 'laite'],
  manufacturer: ['manufacturer', 'make', 'vendor', 'tillverkare', 'valmistaja'],
  model: ['model', 'device model', 'modell', 'malli'],
  os: ['os', 'operating system', 'platform', 'operativsystem', 'käyttöjärjestelmä'],
  freeStorage: ['free storage', 'free storage space', 'freestoragespaceinbytes', 'available storage', 'free space', 'ledigt utrymme', 'vapaa tila'],
  totalStorage: ['total storage', 'total storage space', 'totalstoragespaceinbytes', 'storage capacity', 'capacity', 'lagringsutrymme', 'kokonaistila'],
  enrolledAt: ['enrollment date', 'enrolled date', 'enrolleddatetime', 'enrolled', 'enrollment', 'registrerad', 'registreringsdatum', 'rekisteröity'],
  lastSyncAt: [
    'last check in',
    'last checkin',
    'lastsyncdatetime',
    'last sync',
    'last contact',
    'last seen',
    'senaste synk',
    'senaste kontakt',
    'viimeisin synkronointi',
  ],
}

/** Each field to the header with the most usual of its names (a header serves one field). */
export function guessDeviceMapping(headers: readonly string[]): DeviceMapping {
  const mapping: DeviceMapping = {}
  const taken = new Set<string>()
  for (const field of DEVICE_IMPORT_FIELDS) {
    let header: string | undefined
    for (const name of SYNONYMS[field]) {
      header = headers.find((h) => !taken.has(h) && headerKey(h) === name)
      if (header) break
    }
    if (header) {
      mapping[field] = header
      taken.add(header)
    }
  }
  return mapping
}

/** Problems with a mapping: a header the file lacks, one header for two fields, no serial number and no e-mail. */
export function deviceMappingProblems(mapping: DeviceMapping, headers: readonly string[]): Partial<Record<DeviceImportField | 'mapping', string>> {
  const out: Partial<Record<DeviceImportField | 'mapping', string>> = {}
  const used = new Set<string>()
  for (const field of DEVICE_IMPORT_FIELDS) {
    const header = mapping[field]
    if (!header) continue
    if (!headers.includes(header)) out[field] = 'validation.devices.unknownColumn'
    else if (used.has(header)) out[field] = 'validation.devices.columnTwice'
    used.add(header)
  }
  if (!mapping.serialNumber) out.mapping = 'validation.devices.noSerialColumn'
  return out
}

const UNITS: Record<string, number> = { b: 1, byte: 1, bytes: 1, kb: 1024, mb: MB, gb: 1024 * MB, tb: 1024 * 1024 * MB }

/** The unit a header names ("Free storage (MB)", "freeStorageSpaceInBytes"): megabytes when it names none. */
export function headerUnit(header: string): number {
  const h = header.toLowerCase()
  const bracket = /[([]\s*(bytes?|b|kb|mb|gb|tb)\s*[)\]]/.exec(h)
  if (bracket) return UNITS[bracket[1]!]!
  if (/in ?bytes\b/.test(h)) return 1
  return MB
}

/** "12 345,5", "12.5 GB", "64GB", "1,024" (thousands) in bytes; null for an empty cell; NaN for nonsense. */
export function parseStorage(cell: string, unit: number): number | null {
  const text = cell
    .trim()
    .toLowerCase()
    .replace(/\u00a0/g, ' ')
  if (text === '') return null
  const m = /^([\d\s.,]+?)\s*(bytes?|b|kb|mb|gb|tb)?$/.exec(text)
  if (!m) return Number.NaN
  let digits = m[1]!.replace(/\s/g, '')
  // A comma followed by exactly three digits and no point is a thousands separator; otherwise a decimal comma.
  if (/^\d{1,3}(,\d{3})+$/.test(digits)) digits = digits.replace(/,/g, '')
  else if (/^\d{1,3}(\.\d{3}){2,}$/.test(digits)) digits = digits.replace(/\./g, '')
  else digits = digits.replace(',', '.')
  const value = Number(digits)
  if (!Number.isFinite(value) || value < 0) return Number.NaN
  return Math.round(value * (m[2] ? UNITS[m[2]]! : unit))
}

function offsetAt(at: number, timezone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: timezone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  )
  const wall = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!)
  return wall - Math.floor(at / 1000) * 1000
}

/** A wall-clock time in a time zone as epoch milliseconds. */
export function zonedEpoch(y: number, mo: number, d: number, h: number, mi: number, s: number, timezone: string): number {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s)
  let at = wall - offsetAt(wall, timezone)
  const again = offsetAt(at, timezone)
  if (wall - again !== at) at = wall - again
  return at
}

/**
 * A date or time as MDM exports write it: ISO (with or without a zone), "2026-11-20 13:45", "11/20/2026 1:45:00 PM"
 * (month first, as Intune writes with slashes), "20.11.2026 13:45" (day first, with dots). Times without a zone are
 * the organisation's. Null for an empty cell; NaN when it is no date.
 */
export function parseDeviceTime(cell: string, timezone: string): number | null {
  const text = cell.trim()
  if (text === '') return null
  if (/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const at = Date.parse(text)
    return Number.isNaN(at) ? Number.NaN : at
  }
  const time = /(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(am|pm)?)?$/i
  const iso = new RegExp(/^(\d{4})-(\d{1,2})-(\d{1,2})/.source + time.source, 'i').exec(text)
  const us = new RegExp(/^(\d{1,2})\/(\d{1,2})\/(\d{4})/.source + time.source, 'i').exec(text)
  const eu = new RegExp(/^(\d{1,2})\.(\d{1,2})\.(\d{4})/.source + time.source, 'i').exec(text)
  let ymd: [number, number, number]
  let clock: RegExpExecArray
  if (iso) [ymd, clock] = [[+iso[1]!, +iso[2]!, +iso[3]!], iso]
  else if (us) [ymd, clock] = [[+us[3]!, +us[1]!, +us[2]!], us]
  else if (eu) [ymd, clock] = [[+eu[3]!, +eu[2]!, +eu[1]!], eu]
  else return Number.NaN
  let hour = clock[4] ? +clock[4] : 0
  const minute = clock[5] ? +clock[5] : 0
  const second = clock[6] ? +clock[6] : 0
  const ampm = clock[7]?.toLowerCase()
  if (ampm && (hour < 1 || hour > 12)) return Number.NaN
  if (ampm === 'pm' && hour < 12) hour += 12
  if (ampm === 'am' && hour === 12) hour = 0
  const [y, mo, d] = ymd
  const check = new Date(Date.UTC(y, mo - 1, d))
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || hour > 23 || minute > 59 || second > 59) return Number.NaN
  return zonedEpoch(y, mo, d, hour, minute, second, timezone)
}

export type ParsedDeviceRow = {
  serialNumber: string | null
  email: string | null
  name: string | null
  manufacturer: string | null
  model: string | null
  os: string | null
  freeStorageBytes: number | null
  totalStorageBytes: number | null
  enrolledAt: number | null
  lastSyncAt: number | null
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** A row of the MDM's list read by the mapping: the values, or each field's problem (a translation key). */
export function parseDeviceRow(
  cells: Record<string, string>,
  mapping: DeviceMapping,
  timezone: string,
): { ok: true; device: ParsedDeviceRow } | { ok: false; errors: Partial<Record<DeviceImportField, string>> } {
  const errors: Partial<Record<DeviceImportField, string>> = {}
  const cell = (f: DeviceImportField) => (mapping[f] ? (cells[mapping[f]] ?? '').trim() : '')
  const textOf = (f: DeviceImportField, max: number) => {
    const v = cell(f)
    if (v.length > max) errors[f] = 'validation.devices.tooLong'
    return v === '' ? null : v.slice(0, max)
  }
  const storage = (f: 'freeStorage' | 'totalStorage') => {
    const v = parseStorage(cell(f), headerUnit(mapping[f] ?? ''))
    if (Number.isNaN(v)) errors[f] = 'validation.devices.storage'
    return v === null || Number.isNaN(v) ? null : v
  }
  const time = (f: 'enrolledAt' | 'lastSyncAt') => {
    const v = parseDeviceTime(cell(f), timezone)
    if (Number.isNaN(v)) errors[f] = 'validation.devices.date'
    return v === null || Number.isNaN(v) ? null : v
  }
  const serialNumber = textOf('serialNumber', 80)
  if (!serialNumber) errors.serialNumber = 'validation.devices.serialMissing'
  const email = textOf('email', 254)?.toLowerCase() ?? null
  if (email && !EMAIL.test(email)) errors.email = 'validation.devices.email'
  const device: ParsedDeviceRow = {
    serialNumber,
    email,
    name: textOf('name', 120),
    manufacturer: textOf('manufacturer', 80),
    model: textOf('model', 80),
    os: textOf('os', 80),
    freeStorageBytes: storage('freeStorage'),
    totalStorageBytes: storage('totalStorage'),
    enrolledAt: time('enrolledAt'),
    lastSyncAt: time('lastSyncAt'),
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, device }
}

/** How a device is named in lists: the MDM's name, else manufacturer and model, else OS and browser. */
export function deviceLabel(d: { name: string | null; manufacturer: string | null; model: string | null; os: string | null; browser: string | null }): string {
  if (d.name) return d.name
  const made = [d.manufacturer, d.model].filter(Boolean).join(' ')
  if (made) return made
  return [d.os, d.browser].filter(Boolean).join(' · ') || '—'
}

/** Systems only phones and tablets run; the list's `mobile` filter matches them (and every device an MDM listed). */
export const MOBILE_SYSTEMS = ['android', 'ios', 'ipados'] as const

/**
 * A phone, a tablet or a computer: an MDM's device (it has a serial number) or one running a phone's system is a
 * phone, a tablet when its model says so (iPad, Galaxy Tab, "Tablet"); any other browser is a computer.
 */
export function deviceKind(d: { os: string | null; model: string | null; serialNumber: string | null }): DeviceKind {
  const os = (d.os ?? '').toLowerCase()
  const model = d.model ?? ''
  const mobile = !!d.serialNumber || (MOBILE_SYSTEMS as readonly string[]).includes(os)
  if (!mobile) return 'computer'
  return os === 'ipados' || /\bipad|\btab\b|galaxy tab|tablet|\bSM-[TX]\d/i.test(model) ? 'tablet' : 'phone'
}
