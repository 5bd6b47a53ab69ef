import { prng } from './vocabulary'

/**
 * Where the seeded organisations sell (docs/decisions/074): each city's centre, its postal codes' positions (the codes
 * the seeds give customers: a city's prefix and two digits), and a seller's position at a door near a postal code.
 */
export const CITY_CENTRES: Record<string, [lat: number, lng: number]> = {
  Malmö: [55.605, 13.0038],
  Göteborg: [57.7089, 11.9746],
  Stockholm: [59.3293, 18.0686],
  Umeå: [63.8258, 20.263],
  Lund: [55.7047, 13.191],
  Borås: [57.721, 12.9401],
  Uppsala: [59.8586, 17.6389],
  Luleå: [65.5848, 22.1567],
  Helsingborg: [56.0465, 12.6945],
  Halmstad: [56.6745, 12.8578],
  Västerås: [59.6099, 16.5448],
  Sundsvall: [62.3908, 17.3069],
  Kristianstad: [56.0294, 14.1567],
  Trollhättan: [58.2837, 12.2886],
  Örebro: [59.2753, 15.2134],
  Östersund: [63.1792, 14.6357],
  Växjö: [56.8777, 14.8091],
  Karlstad: [59.3793, 13.5036],
  Linköping: [58.4108, 15.6214],
  Gävle: [60.6749, 17.1413],
  Jönköping: [57.7826, 14.1618],
  Norrköping: [58.5877, 16.1924],
  Eskilstuna: [59.3666, 16.5077],
  Skellefteå: [64.7507, 20.9528],
}

const M_PER_DEG_LAT = 111_320

/** A point `metres` at most from a centre, drawn from `next` (0…1). */
export function near(center: [number, number], metres: number, next: () => number): [number, number] {
  const r = metres * Math.sqrt(next())
  const a = next() * 2 * Math.PI
  const lat = center[0] + (r * Math.sin(a)) / M_PER_DEG_LAT
  const lng = center[1] + (r * Math.cos(a)) / (M_PER_DEG_LAT * Math.cos((center[0] * Math.PI) / 180))
  return [Math.round(lat * 1e5) / 1e5, Math.round(lng * 1e5) / 1e5]
}

/** A city's postal codes (its prefix and 10…99) at points around its centre, the same every time. */
export function postalPositionsOf(
  city: string,
  prefix: string,
  at: number,
): Array<{ country: string; postalCode: string; lat: number; lng: number; updatedAt: number }> {
  const centre = CITY_CENTRES[city]
  if (!centre) return []
  const rng = prng(`saljkraft:postal:${prefix}`)
  return Array.from({ length: 90 }, (_, i) => {
    const [lat, lng] = near(centre, 4000, rng.next)
    return { country: 'SE', postalCode: `${prefix}${i + 10}`, lat, lng, updatedAt: at }
  })
}

/** Where a seller stood at a door with this postal code: within a few hundred metres of the code's point. */
export function doorPosition(
  postal: Map<string, [number, number]>,
  postalCode: string,
  next: () => number,
): { lat: number; lng: number; accuracy: number } | null {
  const at = postal.get(postalCode.replace(/\s/g, ''))
  if (!at) return null
  const [lat, lng] = near(at, 400, next)
  return { lat, lng, accuracy: 5 + Math.floor(next() * 40) }
}
