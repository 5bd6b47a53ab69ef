import { describe, expect, it } from 'vitest'
import { DEFAULT_DEVICE_SETTINGS } from '../schemas/devices'
import {
  appVersionKey,
  compareVersions,
  deviceAlerts,
  deviceKind,
  deviceLabel,
  deviceMappingProblems,
  guessDeviceMapping,
  headerUnit,
  manufacturerOfModel,
  parseDeviceRow,
  parseDeviceTime,
  parseStorage,
  type DeviceFacts,
} from './devices'

const H = 3600_000
const MB = 1024 * 1024
const NOW = Date.UTC(2026, 10, 28, 12)
const base: DeviceFacts = { lost: false, pending: 0, lastSyncAt: NOW - H, enrolledAt: NOW - 100 * H, appVersion: '1.2.0', freeStorageBytes: 4000 * MB }

describe('what a device is', () => {
  it.each([
    [{ os: 'Android', model: 'SM-A546B', serialNumber: null }, 'phone'],
    [{ os: 'iOS', model: 'iPhone', serialNumber: null }, 'phone'],
    [{ os: 'iOS', model: 'iPad', serialNumber: null }, 'tablet'],
    [{ os: 'Android', model: 'SM-X210', serialNumber: null }, 'tablet'],
    [{ os: 'Android', model: 'Galaxy Tab A9', serialNumber: null }, 'tablet'],
    [{ os: null, model: 'iPhone 15', serialNumber: 'F2LXK0Q1N72Q' }, 'phone'],
    [{ os: 'Windows', model: null, serialNumber: null }, 'computer'],
    [{ os: 'macOS', model: null, serialNumber: null }, 'computer'],
    [{ os: 'Linux', model: null, serialNumber: null }, 'computer'],
    [{ os: null, model: null, serialNumber: null }, 'computer'],
  ] as const)('%o is a %s', (device, kind) => expect(deviceKind(device)).toBe(kind))
})

describe('device alerts', () => {
  const settings = { ...DEFAULT_DEVICE_SETTINGS, minAppVersion: '1.2' }
  it.each<[string, Partial<DeviceFacts>, string[]]>([
    ['synced an hour ago, nothing waiting', {}, []],
    ['nothing waiting, silent for a week: nothing is at risk', { lastSyncAt: NOW - 168 * H }, []],
    ['3 waiting, last sync 23 h ago', { pending: 3, lastSyncAt: NOW - 23 * H }, []],
    ['3 waiting, last sync 24 h ago', { pending: 3, lastSyncAt: NOW - 24 * H }, ['stale']],
    ['waiting and never synced since enrolled two days ago', { pending: 1, lastSyncAt: null, enrolledAt: NOW - 48 * H }, ['stale']],
    ['499 MB free', { freeStorageBytes: 499 * MB }, ['lowSpace']],
    ['500 MB free', { freeStorageBytes: 500 * MB }, []],
    ['free space unknown', { freeStorageBytes: null }, []],
    ['version 1.1.9 before 1.2', { appVersion: '1.1.9' }, ['oldVersion']],
    ['version 1.10 after 1.2', { appVersion: '1.10' }, []],
    ['a version that is no version is not judged', { appVersion: 'dev' }, []],
    ['all three', { pending: 2, lastSyncAt: NOW - 30 * H, freeStorageBytes: MB, appVersion: '0.9' }, ['stale', 'lowSpace', 'oldVersion']],
    ['a lost device has none', { lost: true, pending: 2, lastSyncAt: NOW - 30 * H, freeStorageBytes: MB }, []],
  ])('%s', (_, facts, expected) => {
    expect(deviceAlerts({ ...base, ...facts }, settings, NOW)).toEqual(expected)
  })
  it('no minimum version: no version alert', () => {
    expect(deviceAlerts({ ...base, appVersion: '0.0.1' }, DEFAULT_DEVICE_SETTINGS, NOW)).toEqual([])
  })
})

describe('versions', () => {
  it.each<[string | null, string | null]>([
    ['1.2', '00001.00002.00000.00000'],
    ['1.10.3', '00001.00010.00003.00000'],
    ['dev', null],
    [null, null],
  ])('sort key of %s', (v, key) => expect(appVersionKey(v)).toBe(key))
  it('sort keys order as versions do', () => expect(appVersionKey('1.9')! < appVersionKey('1.10')!).toBe(true))
  it.each<[string | null, string | null]>([
    ['SM-A546B', 'Samsung'],
    ['Pixel 8', 'Google'],
    ['iPhone', 'Apple'],
    ['K', null],
    [null, null],
  ])('maker of %s', (model, maker) => expect(manufacturerOfModel(model)).toBe(maker))
  it.each<[string, string, number | null]>([
    ['1.2', '1.2.0', 0],
    ['1.10.0', '1.9.9', 1],
    ['0.1.0', '0.2', -1],
    ['1.2.3.4', '1.2.3', 1],
    ['v1', '1', null],
  ])('%s vs %s', (a, b, expected) => expect(compareVersions(a, b)).toBe(expected))
})

describe('the MDM list', () => {
  it('finds Intune’s columns, whatever their units', () => {
    const intune = [
      'Device ID',
      'Device name',
      'OS',
      'Last check-in',
      'Primary user UPN',
      'Serial number',
      'Manufacturer',
      'Model',
      'Total storage (MB)',
      'Free storage (MB)',
      'Enrollment date',
      'Primary user email address',
    ]
    expect(guessDeviceMapping(intune)).toEqual({
      serialNumber: 'Serial number',
      email: 'Primary user email address',
      name: 'Device name',
      manufacturer: 'Manufacturer',
      model: 'Model',
      os: 'OS',
      freeStorage: 'Free storage (MB)',
      totalStorage: 'Total storage (MB)',
      enrolledAt: 'Enrollment date',
      lastSyncAt: 'Last check-in',
    })
  })
  it('finds Swedish and Graph names', () => {
    expect(guessDeviceMapping(['Serienummer', 'E-post', 'Tillverkare', 'freeStorageSpaceInBytes', 'enrolledDateTime'])).toEqual({
      serialNumber: 'Serienummer',
      email: 'E-post',
      manufacturer: 'Tillverkare',
      freeStorage: 'freeStorageSpaceInBytes',
      enrolledAt: 'enrolledDateTime',
    })
  })
  it.each<[string, Record<string, string>, Record<string, string>]>([
    ['good', { serialNumber: 'S', email: 'E' }, {}],
    ['no serial column', { email: 'E' }, { mapping: 'validation.devices.noSerialColumn' }],
    ['a column the file lacks', { serialNumber: 'S', model: 'X' }, { model: 'validation.devices.unknownColumn' }],
    ['one column twice', { serialNumber: 'S', name: 'S' }, { name: 'validation.devices.columnTwice' }],
  ])('mapping problems: %s', (_, mapping, expected) => expect(deviceMappingProblems(mapping, ['S', 'E'])).toEqual(expected))

  it.each<[string, string, number]>([
    ['Free storage (MB)', '', MB],
    ['Free storage (GB)', '', 1024 * MB],
    ['freeStorageSpaceInBytes', '', 1],
    ['Free storage [bytes]', '', 1],
  ])('unit of %s', (header, _, unit) => expect(headerUnit(header)).toBe(unit))

  it.each<[string, number, number | null]>([
    ['12345', MB, 12345 * MB],
    ['12 345,5', MB, Math.round(12345.5 * MB)],
    ['1,024', MB, 1024 * MB],
    ['2.5 GB', MB, Math.round(2.5 * 1024 * MB)],
    ['64GB', 1, 64 * 1024 * MB],
    ['1.234.567.890', 1, 1234567890],
    ['', MB, null],
  ])('storage %s', (cell, unit, bytes) => expect(parseStorage(cell, unit)).toBe(bytes))
  it.each(['lots', '-5', '12 parsecs'])('storage %s is no size', (cell) => expect(parseStorage(cell, MB)).toBeNaN())

  const tz = 'Europe/Stockholm'
  it.each<[string, number | null]>([
    ['2026-11-20', Date.UTC(2026, 10, 19, 23)],
    ['2026-11-20 13:45', Date.UTC(2026, 10, 20, 12, 45)],
    ['2026-07-01T08:00:00Z', Date.UTC(2026, 6, 1, 8)],
    ['2026-07-01T08:00:00+03:00', Date.UTC(2026, 6, 1, 5)],
    ['7/1/2026 1:45:00 PM', Date.UTC(2026, 6, 1, 11, 45)],
    ['11/20/2026 12:05 AM', Date.UTC(2026, 10, 19, 23, 5)],
    ['20.11.2026 13:45', Date.UTC(2026, 10, 20, 12, 45)],
    ['', null],
  ])('time %s', (cell, at) => expect(parseDeviceTime(cell, tz)).toBe(at))
  it.each(['2026-02-30', '13/45/2026', 'yesterday', '2026-11-20 25:00', '1/1/2026 13:00 PM'])('time %s is no time', (cell) =>
    expect(parseDeviceTime(cell, tz)).toBeNaN(),
  )

  it('reads a row by the mapping, or names each problem', () => {
    const mapping = { serialNumber: 'Serial', email: 'Mail', freeStorage: 'Free (GB)', enrolledAt: 'Enrolled' }
    expect(parseDeviceRow({ Serial: ' R58N ', Mail: 'Anna@Example.se', 'Free (GB)': '3', Enrolled: '2026-01-02' }, mapping, tz)).toEqual({
      ok: true,
      device: {
        serialNumber: 'R58N',
        email: 'anna@example.se',
        name: null,
        manufacturer: null,
        model: null,
        os: null,
        freeStorageBytes: 3 * 1024 * MB,
        totalStorageBytes: null,
        enrolledAt: Date.UTC(2026, 0, 1, 23),
        lastSyncAt: null,
      },
    })
    expect(parseDeviceRow({ Serial: '', Mail: 'not-mail', 'Free (GB)': 'lots', Enrolled: 'soon' }, mapping, tz)).toEqual({
      ok: false,
      errors: {
        serialNumber: 'validation.devices.serialMissing',
        email: 'validation.devices.email',
        freeStorage: 'validation.devices.storage',
        enrolledAt: 'validation.devices.date',
      },
    })
  })

  it.each<[string, Parameters<typeof deviceLabel>[0], string]>([
    ['the MDM’s name first', { name: 'ANNA-PHONE', manufacturer: 'Samsung', model: 'SM-A546B', os: 'Android 14', browser: 'Chrome' }, 'ANNA-PHONE'],
    ['then make and model', { name: null, manufacturer: 'Samsung', model: 'SM-A546B', os: 'Android 14', browser: 'Chrome' }, 'Samsung SM-A546B'],
    ['then OS and browser', { name: null, manufacturer: null, model: null, os: 'iOS 18.1', browser: 'Safari' }, 'iOS 18.1 · Safari'],
  ])('label: %s', (_, d, label) => expect(deviceLabel(d)).toBe(label))
})
