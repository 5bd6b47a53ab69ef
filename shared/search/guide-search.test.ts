import { describe, expect, it } from 'vitest'
import { buildGuideIndex, loadGuideIndex, type GuideSearchDoc } from './guide-search'

const docs: GuideSearchDoc[] = [
  {
    id: 'g1',
    categoryId: 'c1',
    title: 'Så möter du invändningar',
    summary: 'När kunden säger att det är för dyrt',
    text: 'Säljarna i teamet börjar med en fråga.',
  },
  { id: 'g2', categoryId: 'c1', title: 'Elavtal: prislista', summary: 'Priserna för våren', text: 'Kundens förbrukning avgör.' },
  { id: 'g3', categoryId: 'c2', title: 'Myyjän opas', summary: 'Asiakkaan kohtaaminen', text: 'Myyjät aloittavat kysymyksellä.' },
]

describe('searching guides on the device', () => {
  const sv = loadGuideIndex(buildGuideIndex(docs, 'sv'), 'sv')
  it.each([
    ['säljare', ['g1']],
    ['invändning', ['g1']],
    ['kunder', ['g1', 'g2']],
    ['prislistan', ['g2']],
    ['pris', ['g2']],
    ['invändnigar', ['g1']],
    ['finns inte', []],
  ])('"%s" finds %j', (q, ids) => {
    expect(
      sv
        .search(q)
        .map((r) => r.id)
        .sort(),
    ).toEqual(ids)
  })

  it('finds Finnish word forms for a Finnish reader', () => {
    const fi = loadGuideIndex(buildGuideIndex(docs, 'fi'), 'fi')
    expect(fi.search('myyjä').map((r) => r.id)).toEqual(['g3'])
    expect(fi.search('asiakkaat').map((r) => r.id)).toEqual(['g3'])
  })

  it('ranks a match in the title first and answers nothing for nothing', () => {
    const hits = sv.search('prislista')
    expect(hits[0]).toMatchObject({ id: 'g2', title: 'Elavtal: prislista', categoryId: 'c1' })
    expect(sv.search('   ')).toEqual([])
  })
})
