import { randomUUID } from 'node:crypto'
import type { Database, Db } from '../db/client'
import { logActivities, logActivity } from '../platform/activity-log'

const DAY = 86_400_000

/** The demo's terms of use in the three languages (plain text; the gate shows it as written, line by line). */
export const DEMO_TERMS = {
  sv: `Användarvillkor för Säljkraft

1. Vad tjänsten är till för
Säljkraft är arbetsgivarens verktyg för försäljning, tid, lön och uppföljning. Du använder det i tjänsten och bara för arbetet.

2. Ditt konto
Kontot är personligt. Dela inte lösenordet och logga inte in åt någon annan. Misstänker du att någon annan kommit åt kontot, byt lösenord och säg till din närmaste chef.

3. Kunduppgifter
Uppgifter om kunder (namn, personnummer, adress, telefon) registrerar du bara för en försäljning eller ett besök som faktiskt ägt rum, och du sparar dem inte någon annanstans. Kunden ska ha fått information om hur uppgifterna används.

4. Din telefon
Appen sparar din dag på telefonen tills den har synkats. Lås telefonen med kod, logga ut om någon annan ska använda den och säg till direkt om den försvinner, så spärras den.

5. Dina personuppgifter
Arbetsgivaren behandlar uppgifter om dig (tid, försäljning, position när du själv tillåter det) för lön, uppföljning och kvalitetskontroll, enligt dataskyddsförordningen. Du kan när som helst läsa vad som finns om dig under Min profil.

6. Ändringar
Ändras villkoren får du läsa och godkänna de nya innan du fortsätter.`,
  en: `Terms of use for Säljkraft

1. What the service is for
Säljkraft is your employer's tool for sales, time, pay and follow-up. You use it at work and only for your work.

2. Your account
The account is personal. Do not share the password or sign in for anyone else. If you suspect someone else has used your account, change the password and tell your manager.

3. Customer data
Record customer details (name, personal identity number, address, phone) only for a sale or a visit that actually took place, and do not keep them anywhere else. The customer must have been told how the details are used.

4. Your phone
The app keeps your day on the phone until it has synced. Lock the phone with a code, sign out if someone else is to use it, and report it at once if it goes missing, so it can be blocked.

5. Your personal data
Your employer processes data about you (time, sales, position when you allow it) for pay, follow-up and quality control, under the General Data Protection Regulation. You can read what is kept about you under My profile at any time.

6. Changes
If the terms change, you will read and accept the new ones before you continue.`,
  fi: `Säljkraftin käyttöehdot

1. Mihin palvelu on tarkoitettu
Säljkraft on työnantajasi työkalu myyntiin, työaikaan, palkkaan ja seurantaan. Käytät sitä työssäsi ja vain työhön.

2. Tilisi
Tili on henkilökohtainen. Älä jaa salasanaa äläkä kirjaudu kenenkään toisen puolesta. Jos epäilet, että joku muu on käyttänyt tiliäsi, vaihda salasana ja kerro esihenkilöllesi.

3. Asiakastiedot
Kirjaa asiakkaan tiedot (nimi, henkilötunnus, osoite, puhelin) vain todella tehdystä myynnistä tai käynnistä, äläkä säilytä niitä muualla. Asiakkaalle on kerrottava, miten tietoja käytetään.

4. Puhelimesi
Sovellus säilyttää päiväsi puhelimessa, kunnes se on synkronoitu. Lukitse puhelin koodilla, kirjaudu ulos, jos joku muu käyttää sitä, ja ilmoita heti, jos se katoaa, jotta se voidaan estää.

5. Henkilötietosi
Työnantaja käsittelee sinua koskevia tietoja (työaika, myynti, sijainti kun sallit sen) palkkaa, seurantaa ja laadunvalvontaa varten tietosuoja-asetuksen mukaisesti. Näet milloin tahansa, mitä sinusta on tallennettu, kohdasta Oma profiili.

6. Muutokset
Jos ehdot muuttuvat, luet ja hyväksyt uudet ennen kuin jatkat.`,
}

/**
 * Published terms of use (issue 70): version 1, published by the admin at the start of the demo's quarter, and
 * accepted by everyone the demo has (each on their first day after it), as in an organisation that has used the
 * product for a while. Whoever an admin or a recruiter adds later is asked at their first sign-in.
 */
export async function seedDemoTerms(database: Database, tx: Db, now: number, opts: { adminId: string | null }) {
  const { t } = database
  const publishedAt = now - 120 * DAY
  const id = randomUUID()
  await tx.insert(t.termsVersions).values({
    id,
    number: 1,
    texts: DEMO_TERMS,
    status: 'published',
    createdAt: publishedAt - 2 * DAY,
    updatedAt: publishedAt,
    publishedAt,
    publishedBy: opts.adminId,
    version: 2,
  })
  await logActivity(tx, t, { at: publishedAt, actorId: opts.adminId, entity: 'terms_version', entityId: id, action: 'terms_published', after: { number: 1 } })
  const people = await tx.select({ id: t.users.id }).from(t.users)
  // Spread over the first days after publication, in the morning.
  const answers = people.map((p, i) => ({ userId: p.id, at: publishedAt + (i % 5) * DAY + 8 * 3_600_000 + i * 60_000 }))
  for (let i = 0; i < answers.length; i += 500) {
    const batch = answers.slice(i, i + 500)
    await tx.insert(t.termsAnswers).values(batch.map((a) => ({ versionId: id, userId: a.userId, answer: 'accepted' as const, at: a.at })))
    await logActivities(
      tx,
      t,
      batch.map((a) => ({ at: a.at, actorId: a.userId, entity: 'user', entityId: a.userId, action: 'terms_accepted', after: { termsVersion: 1 } })),
    )
  }
}
