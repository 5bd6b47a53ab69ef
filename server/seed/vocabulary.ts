/**
 * What the seeds draw from (the demo's and the large organisation's): a seeded random stream, so the same seed gives
 * the same organisation, and the Swedish names, streets and regret reasons they are made of.
 */
/** sfc32: small, fast and good enough for data; seeded from a string. */
export function prng(seed: string) {
  let h = 1779033703 ^ seed.length
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353)
    h = (h << 13) | (h >>> 19)
  }
  const mix = () => {
    h = Math.imul(h ^ (h >>> 16), 2246822507)
    h = Math.imul(h ^ (h >>> 13), 3266489909)
    return (h ^= h >>> 16) >>> 0
  }
  let a = mix()
  let b = mix()
  let c = mix()
  let d = mix()
  const next = () => {
    a >>>= 0
    b >>>= 0
    c >>>= 0
    d >>>= 0
    let t = (a + b) | 0
    a = b ^ (b >>> 9)
    b = (c + (c << 3)) | 0
    c = (c << 21) | (c >>> 11)
    d = (d + 1) | 0
    t = (t + d) | 0
    c = (c + t) | 0
    return (t >>> 0) / 4294967296
  }
  const hex8 = () =>
    Math.floor(next() * 4294967296)
      .toString(16)
      .padStart(8, '0')
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    /** a version-4-shaped UUID drawn from the stream */
    uuid: () => {
      const s = hex8() + hex8() + hex8() + hex8()
      const variant = '89ab'[parseInt(s[16]!, 16) & 3]
      return `${s.slice(0, 8)}-${s.slice(8, 12)}-4${s.slice(13, 16)}-${variant}${s.slice(17, 20)}-${s.slice(20, 32)}`
    },
  }
}

export const FIRST_NAMES = [
  'Anna',
  'Erik',
  'Maria',
  'Lars',
  'Karin',
  'Johan',
  'Sara',
  'Mikael',
  'Emma',
  'Anders',
  'Elin',
  'Oskar',
  'Linnea',
  'Ahmed',
  'Fatima',
  'Mohammed',
  'Leila',
  'Ali',
  'Aino',
  'Mikko',
  'Johanna',
  'Jussi',
  'Sofia',
  'David',
  'Ida',
  'Hanna',
  'Viktor',
  'Amanda',
  'Filip',
  'Julia',
  'Alexander',
  'Matilda',
  'Gustav',
  'Ebba',
  'Hugo',
  'Wilma',
  'Omar',
  'Yasmin',
  'Nils',
  'Astrid',
  'Elias',
  'Maja',
  'Isak',
  'Saga',
  'Liam',
  'Alma',
  'Noah',
  'Freja',
  'Adam',
  'Tuva',
  'Leo',
  'Selma',
  'Kalle',
  'Agnes',
]

export const LAST_NAMES = [
  'Andersson',
  'Johansson',
  'Karlsson',
  'Nilsson',
  'Eriksson',
  'Larsson',
  'Olsson',
  'Persson',
  'Svensson',
  'Gustafsson',
  'Pettersson',
  'Jonsson',
  'Jansson',
  'Hansson',
  'Bengtsson',
  'Lindberg',
  'Lindqvist',
  'Lindgren',
  'Berg',
  'Nyström',
  'Holm',
  'Ek',
  'Dahl',
  'Strand',
  'Lund',
  'Virtanen',
  'Korhonen',
  'Mäkinen',
  'Nieminen',
  'Haddad',
  'Karimi',
  'Hussein',
  'Ali',
  'Yilmaz',
  'Nowak',
  'Kowalski',
  'Sandberg',
  'Forsberg',
  'Sjöberg',
  'Wallin',
  'Engström',
  'Eklund',
  'Danielsson',
  'Lundgren',
  'Håkansson',
  'Björk',
  'Bergström',
  'Fransson',
  'Öberg',
  'Åberg',
]

export const STREETS = [
  'Storgatan',
  'Drottninggatan',
  'Kungsgatan',
  'Skolgatan',
  'Järnvägsgatan',
  'Parkvägen',
  'Björkvägen',
  'Ekvägen',
  'Torggatan',
  'Sjövägen',
  'Villagatan',
  'Ringvägen',
]

export const REGRET_REASONS = [
  'Kunden ångrade sig inom ångerrätten.',
  'Kunden hade redan ett avtal.',
  'Kunden ville inte binda sig.',
  'Kunden tyckte priset var för högt.',
]
