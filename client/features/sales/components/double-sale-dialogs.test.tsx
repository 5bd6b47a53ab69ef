// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { DoubleSaleListItem } from '../../../../shared/schemas/double-sales'
import { renderWithApp, serveApi } from '../../../test/render'
import { DoubleSaleDialog } from './double-sale-dialogs'

/**
 * Back office decides a possible double sale (docs/decisions/025): confirming regrets one of the two sales with a
 * reason the seller reads; dismissing keeps both. The server's refusals are said where they belong.
 */
const sale = (id: string, soldAt: string, sellerName: string) => ({
  id,
  status: 'approved' as const,
  version: 3,
  sellDate: soldAt.slice(0, 10),
  soldAt: Date.parse(soldAt),
  sellerName,
  orderValueOre: 49_900,
})
const PAIR: DoubleSaleListItem = {
  id: 'pair-1',
  state: 'open',
  daysApart: 2,
  detectedAt: Date.parse('2026-11-20T12:00:00Z'),
  customerName: 'Karin Kund',
  customerNumber: '19800101-****',
  providerName: 'Elbolaget',
  later: sale('sale-later', '2026-11-20T10:00:00Z', 'Sara Säljare'),
  earlier: sale('sale-earlier', '2026-11-18T09:00:00Z', 'Olle Säljare'),
  decidedAt: null,
  regretSaleId: null,
  note: null,
}

function open(mode: 'confirm' | 'dismiss', answer: (url: URL, body: unknown) => unknown) {
  const sent: Array<{ path: string; body: unknown }> = []
  serveApi(async (url, init) => {
    const body = init?.body ? JSON.parse(String(init.body)) : null
    sent.push({ path: url.pathname, body })
    return answer(url, body)
  })
  const props = { onClose: vi.fn(), onDecided: vi.fn(), onConflict: vi.fn() }
  const rendered = renderWithApp(<DoubleSaleDialog pair={PAIR} mode={mode} {...props} />, { namespaces: ['sales'] })
  return { sent, props, rendered }
}

describe('deciding a double sale', () => {
  it('confirming regrets the later sale by default, with the reason the seller will read', async () => {
    const { sent, props, rendered } = open('confirm', () => ({ id: 'pair-1', state: 'confirmed' }))
    const { user } = await rendered
    expect((screen.getByLabelText(/^Skäl/) as HTMLTextAreaElement).value).toBe('Dubbelförsäljning: kunden har redan köpt samma produkt.')
    await user.click(screen.getByRole('button', { name: 'Bekräfta' }))
    await waitFor(() => expect(props.onDecided).toHaveBeenCalledOnce())
    expect(sent).toEqual([
      {
        path: '/api/double-sales/pair-1/confirm',
        body: { regretSaleId: 'sale-later', version: 3, reason: 'Dubbelförsäljning: kunden har redan köpt samma produkt.' },
      },
    ])
  })

  it('the earlier sale can be the one regretted', async () => {
    const { sent, props, rendered } = open('confirm', () => ({ id: 'pair-1', state: 'confirmed' }))
    const { user } = await rendered
    await user.click(screen.getByText(/^Den tidigare:.*Olle Säljare/))
    await user.click(screen.getByRole('button', { name: 'Bekräfta' }))
    await waitFor(() => expect(props.onDecided).toHaveBeenCalledOnce())
    expect(sent[0]!.body).toMatchObject({ regretSaleId: 'sale-earlier' })
  })

  it('an empty reason is refused at the reason before anything is sent', async () => {
    const { sent, props, rendered } = open('confirm', () => ({}))
    const { user } = await rendered
    await user.clear(screen.getByLabelText(/^Skäl/))
    await user.click(screen.getByRole('button', { name: 'Bekräfta' }))
    expect(await screen.findByText('Fältet är obligatoriskt')).toBeTruthy()
    expect(sent).toEqual([])
    expect(props.onDecided).not.toHaveBeenCalled()
  })

  it("the server's refusal of the reason is said at the reason", async () => {
    const { props, rendered } = open('confirm', () =>
      Response.json({ error: 'validation_failed', message: 'Kontrollera fälten', fieldErrors: { reason: ['Skälet är för långt'] } }, { status: 400 }),
    )
    const { user } = await rendered
    await user.click(screen.getByRole('button', { name: 'Bekräfta' }))
    expect(await screen.findByText('Skälet är för långt')).toBeTruthy()
    expect(screen.queryByText('Kontrollera fälten')).toBeNull()
    expect(props.onDecided).not.toHaveBeenCalled()
    expect(props.onConflict).not.toHaveBeenCalled()
  })

  it('a pair decided meanwhile is said in the server’s words and the list is read again', async () => {
    const { props, rendered } = open('dismiss', () =>
      Response.json({ error: 'already_decided', message: 'Paret är redan avgjort (bekräftad)' }, { status: 409 }),
    )
    const { user } = await rendered
    await user.type(screen.getByLabelText(/^Anteckning/), 'Två olika adresser')
    await user.click(screen.getByRole('button', { name: 'Avfärda' }))
    expect(await screen.findByText('Paret är redan avgjort (bekräftad)')).toBeTruthy()
    expect(props.onConflict).toHaveBeenCalledOnce()
    expect(props.onDecided).not.toHaveBeenCalled()
  })

  it('dismissing sends the note, or none when it is left empty', async () => {
    const { sent, props, rendered } = open('dismiss', () => ({ id: 'pair-1', state: 'dismissed' }))
    const { user } = await rendered
    await user.type(screen.getByLabelText(/^Anteckning/), '   ')
    await user.click(screen.getByRole('button', { name: 'Avfärda' }))
    await waitFor(() => expect(props.onDecided).toHaveBeenCalledOnce())
    expect(sent).toEqual([{ path: '/api/double-sales/pair-1/dismiss', body: { note: null } }])
  })
})
