import { randomUUID } from 'node:crypto'
import type { GuideDoc, GuideNode } from '../../shared/schemas/guide-document'
import { EVERYONE, type CategoryIcon, type GuideText, type GuideTexts } from '../../shared/schemas/guides'
import type { Database, Db } from '../db/client'
import { languagesOf, listingOf, searchTextOf } from '../modules/guides/guides.versions'

const DAY = 86_400_000

const text = (s: string) => [{ type: 'text' as const, text: s }]
const p = (s: string): GuideNode => ({ type: 'paragraph', content: text(s) })
const h = (level: 2 | 3, s: string): GuideNode => ({ type: 'heading', attrs: { level }, content: text(s) })
const ul = (...items: string[]): GuideNode => ({ type: 'bulletList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) })
const ol = (...items: string[]): GuideNode => ({ type: 'orderedList', content: items.map((i) => ({ type: 'listItem', content: [p(i)] })) })
const table = (...rows: string[][]): GuideNode => ({
  type: 'table',
  content: rows.map((r, i) => ({ type: 'tableRow', content: r.map((c) => ({ type: i === 0 ? 'tableHeader' : 'tableCell', content: [p(c)] })) })),
})
const doc = (...content: GuideNode[]): GuideDoc => ({ type: 'doc', content })
const g = (title: string, summary: string, ...body: GuideNode[]): GuideText => ({ title, summary, body: doc(...body) })

type DemoGuide = { texts: GuideTexts; mustRead?: boolean; daysAgo: number; versions?: number }
type DemoCategory = { icon: CategoryIcon; name: { sv: string; en: string | null; fi: string | null }; description: string; guides: DemoGuide[] }

const CATEGORIES: DemoCategory[] = [
  {
    icon: 'rules',
    name: { sv: 'Husets regler', en: 'House rules', fi: 'Talon säännöt' },
    description: 'Det alla säljare ska kunna – och har bekräftat att de läst.',
    guides: [
      {
        mustRead: true,
        daysAgo: 3,
        versions: 2,
        texts: {
          sv: g(
            'ID-kort och legitimation',
            'Bär alltid ID-kortet synligt och visa legitimation när kunden ber om det.',
            h(2, 'Varför'),
            p('Kunden ska alltid veta vem du är och vem du representerar. Det är också ett krav från våra leverantörer.'),
            h(2, 'Så gör du'),
            ol(
              'Bär ID-kortet synligt på bröstet.',
              'Presentera dig med namn och företag innan du säljer något.',
              'Visa legitimation direkt när kunden frågar.',
            ),
            h(2, 'Om kortet försvinner'),
            p('Spärra kortet via din coach samma dag och sälj inte utan kort.'),
          ),
          en: g(
            'ID card and identification',
            'Always wear your ID card visibly and show identification when the customer asks.',
            h(2, 'Why'),
            p('The customer must always know who you are and whom you represent. Our providers require it too.'),
            h(2, 'How'),
            ol(
              'Wear the ID card visibly on your chest.',
              'Introduce yourself with your name and company before you sell anything.',
              'Show identification at once when asked.',
            ),
          ),
          fi: null,
        },
      },
      {
        mustRead: true,
        daysAgo: 40,
        texts: {
          sv: g(
            'Ångerrätt vid hemförsäljning',
            'Kunden har 14 dagars ångerrätt. Så berättar du det – varje gång.',
            h(2, 'Vad lagen säger'),
            p('Vid hemförsäljning har kunden rätt att ångra köpet inom 14 dagar från avtalet. Informationen ska lämnas skriftligt.'),
            h(2, 'Vid dörren'),
            ul('Berätta om ångerrätten innan kunden skriver under.', 'Lämna ångerblanketten.', 'Anteckna i säljrapporten att informationen gavs.'),
          ),
          en: null,
          fi: null,
        },
      },
    ],
  },
  {
    icon: 'pitch',
    name: { sv: 'Säljpitch', en: 'Sales pitch', fi: null },
    description: 'Öppningar och upplägg som fungerar vid dörren och i telefon.',
    guides: [
      {
        daysAgo: 5,
        texts: {
          sv: g(
            'Öppningen vid dörren',
            'De första tio sekunderna avgör. Börja med en fråga, inte med priset.',
            h(2, 'Tre öppningar som fungerar'),
            ol(
              '”Hej! Jag heter … och hjälper grannarna här att sänka sina elkostnader. Vet du vad du betalar per kilowattimme i dag?”',
              '”Hej! Har du hunnit höra om fiberutbyggnaden på gatan?”',
              '”Hej! Vi har larmat flera hus här i området – hur tänker du kring trygghet när du är bortrest?”',
            ),
            h(2, 'Undvik'),
            ul('Att börja med priset.', 'Att stå för nära dörren.', 'Långa monologer – låt kunden prata.'),
          ),
          en: g(
            'The opening at the door',
            'The first ten seconds decide. Start with a question, not with the price.',
            h(2, 'Three openings that work'),
            ol(
              '“Hi! I’m … and I help the neighbours here lower their electricity costs. Do you know what you pay per kilowatt hour today?”',
              '“Hi! Have you heard about the fibre coming to the street?”',
            ),
          ),
          fi: null,
        },
      },
      {
        daysAgo: 60,
        texts: {
          sv: g(
            'Priser och kampanjer i vår',
            'Vårens erbjudanden per leverantör.',
            h(2, 'Översikt'),
            table(
              ['Leverantör', 'Erbjudande', 'Gäller till'],
              ['Fiberlinjen', '3 månader utan kostnad', '31 maj'],
              ['Tryggt Hem Larm', 'Fri installation', '30 april'],
              ['Nordel', 'Fast pris 12 mån', '31 maj'],
            ),
          ),
          en: null,
          fi: null,
        },
      },
    ],
  },
  {
    icon: 'objection',
    name: { sv: 'Invändningar', en: 'Objections', fi: 'Vastaväitteet' },
    description: 'Vanliga invändningar och hur du bemöter dem.',
    guides: [
      {
        daysAgo: 8,
        texts: {
          sv: g(
            '”Det är för dyrt”',
            'Gå från pris till värde: vad kostar det att låta bli?',
            h(2, 'Så bemöter du'),
            ol('Bekräfta: ”Jag förstår, pengar är viktiga.”', 'Fråga: ”Vad betalar du i dag?”', 'Räkna tillsammans på månadskostnaden.'),
            p('Säljare som räknar tillsammans med kunden stänger oftare än säljare som argumenterar.'),
          ),
          en: null,
          fi: null,
        },
      },
      {
        daysAgo: 20,
        texts: {
          sv: g(
            '”Jag har redan ett avtal”',
            'Fråga när avtalet går ut och boka en återkoppling.',
            h(2, 'Så bemöter du'),
            ul('Fråga vilket avtal och när det går ut.', 'Erbjud en jämförelse på fem minuter.', 'Boka en ny tid om avtalet är bundet.'),
          ),
          en: null,
          fi: null,
        },
      },
    ],
  },
]

/**
 * The demo's guides (issue 43): three categories with guides in Swedish, some in English and Finnish, two must-read
 * house rules (one in its second version), published as their editors would have. The seller has acknowledged the
 * older rule and not the newer one, so the dashboard shows both states.
 */
export async function seedDemoGuides(database: Database, tx: Db, now: number, opts: { authorId: string | null; sellerId: string | null }): Promise<void> {
  const { t } = database
  for (const [ci, c] of CATEGORIES.entries()) {
    const categoryId = randomUUID()
    const at = now - 90 * DAY
    await tx.insert(t.guideCategories).values({
      id: categoryId,
      position: ci,
      icon: c.icon,
      name: c.name,
      description: { sv: c.description, en: null, fi: null },
      audience: EVERYONE,
      createdAt: at,
      updatedAt: at,
    })
    for (const [gi, d] of c.guides.entries()) {
      const id = randomUUID()
      const versions = d.versions ?? 1
      const published = now - d.daysAgo * DAY
      await tx.insert(t.guides).values({
        id,
        categoryId,
        position: gi,
        mustRead: d.mustRead ?? false,
        texts: d.texts,
        title: d.texts.sv.title,
        languages: languagesOf(d.texts),
        listing: listingOf(d.texts, d.mustRead ?? false),
        audience: EVERYONE,
        publishedNumber: versions,
        publishedAt: published,
        unpublished: false,
        createdAt: at,
        updatedAt: published,
        updatedBy: opts.authorId,
      })
      for (let n = 1; n <= versions; n++) {
        await tx.insert(t.guideVersions).values({
          id: randomUUID(),
          guideId: id,
          number: n,
          texts: d.texts,
          mustRead: d.mustRead ?? false,
          searchText: searchTextOf(d.texts),
          publishedAt: published - (versions - n) * 30 * DAY,
          publishedBy: opts.authorId,
        })
      }
      // The seller acknowledged the older must-read rule; the ID-card rule's second version waits for them.
      if (d.mustRead && opts.sellerId) {
        await tx.insert(t.guideAcks).values({ guideId: id, userId: opts.sellerId, number: versions === 1 ? 1 : versions - 1, at: published + DAY })
      }
    }
  }
}
