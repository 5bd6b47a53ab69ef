import { randomUUID } from 'node:crypto'
import type { LeadFormat } from '../../shared/schemas/leads'
import type { Database, Db } from '../db/client'

/**
 * The demo's lead-list tool (decision 075): two output formats (what a dialer reads, and a workbook for sellers who
 * call from a list) and a source whose column names the mapping knows, so a first list can be made at once.
 */
export async function seedDemoLeads(database: Database, tx: Db, now: number) {
  const { t } = database
  const formats: Array<Omit<LeadFormat, 'id' | 'version' | 'updatedAt'>> = [
    {
      name: 'Ringsystem',
      fileType: 'csv',
      delimiter: ';',
      encoding: 'utf-8',
      columns: [
        { field: 'phone1', header: 'Telefon1' },
        { field: 'phone2', header: 'Telefon2' },
        { field: 'name', header: 'Namn' },
        { field: 'address', header: 'Adress' },
        { field: 'postalCode', header: 'Postnr' },
        { field: 'city', header: 'Ort' },
        { field: 'identityNumber', header: 'Personnummer' },
        { field: 'customer', header: 'Befintlig kund' },
        { field: 'campaign', header: 'Kampanj' },
      ],
    },
    {
      name: 'Säljarnas lista',
      fileType: 'xlsx',
      delimiter: ';',
      encoding: 'utf-8-bom',
      columns: [
        { field: 'name', header: 'Namn' },
        { field: 'mobile', header: 'Mobil' },
        { field: 'fixed', header: 'Fast telefon' },
        { field: 'address', header: 'Adress' },
        { field: 'city', header: 'Ort' },
        { field: 'customer', header: 'Kund sedan tidigare' },
        { field: 'problems', header: 'Att kontrollera' },
      ],
    },
  ]
  await tx.insert(t.leadFormats).values(formats.map((f) => ({ id: randomUUID(), ...f, version: 1, createdAt: now, updatedAt: now })))
  await tx.insert(t.leadSources).values({
    id: randomUUID(),
    name: 'Adressregistret',
    mapping: { name: 'Namn', identityNumber: 'Personnummer', phone1: 'Mobil', phone2: 'Telefon', address: 'Gatuadress', postalCode: 'Postnr', city: 'Ort' },
    version: 1,
    createdAt: now,
    updatedAt: now,
  })
}
