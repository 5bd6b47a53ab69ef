import { approvalProblem, type OfferProblem } from '../../../shared/rules/offers'
import type { Translate } from '../../../shared/schemas/errors'
import type { SaleOffers } from '../../../shared/schemas/offers'
import type { AppAbility } from '../../../shared/permissions/ability'
import type { Db } from '../../db/client'
import { notFound } from '../../lib/errors'
import { documentHashOf, type OffersContext } from './offers.context'

/**
 * The evidence a sale's approval rests on (docs/decisions/094), asked by the sales area in the approval's own
 * transaction: does the law ask for written acceptance here (the provider's rule in the seller's office's country),
 * and if so, is there an accepted offer, sent after the call, answered on the document sent, which is still the sale.
 */
export function offersEvidence(ctx: OffersContext) {
  const { db, ports, countryOf, ruleFor, offersOf, currentDocument, may, view } = ctx

  /** The problem with approving the sale now, or null (none needed, or the evidence holds). */
  async function problemOf(
    tx: Db,
    sale: { id: string; providerId: string; officeId: string | null },
  ): Promise<{ required: boolean; country: string | null; problem: OfferProblem | null }> {
    const country = await countryOf(tx, sale.officeId)
    const rule = await ruleFor(tx, sale.providerId, country)
    if (!rule) return { required: false, country, problem: null }
    // The newest offer that is not superseded: the one the customer's answer counts on.
    const offer = (await offersOf(tx, sale.id)).find((x) => x.state !== 'superseded') ?? null
    const current = offer?.state === 'accepted' ? await currentDocument(tx, offer) : null
    const problem = approvalProblem(offer, offer?.state === 'accepted' ? (current ? documentHashOf(current) : '') : null)
    return { required: true, country, problem }
  }

  return {
    async approvalBlocker(tx: Db, sale: { id: string; providerId: string; officeId: string | null }, translate: Translate): Promise<string | null> {
      const { problem } = await problemOf(tx, sale)
      return problem ? translate(`offers.problem.${problem}`) : null
    },

    /** A sale's offer side, for its report page (back office) and the seller's sale. */
    async forSale(ability: AppAbility, saleId: string): Promise<SaleOffers> {
      const sale = await ports.saleForOffer(db, saleId)
      if (!sale || !may(ability, 'view', sale)) throw notFound()
      const [{ required, country, problem }, rows] = await Promise.all([problemOf(db, sale), offersOf(db, saleId)])
      const names = await ports.names(
        db,
        rows.map((r) => r.sentBy).filter((x): x is string => x !== null),
      )
      return {
        required,
        country,
        problem,
        mayPrepare: required && sale.status !== 'regret' && may(ability, 'create', sale),
        offers: rows.map((r) => view(r, names)),
        hasEmail: Boolean(sale.email),
        hasPhone: Boolean(sale.phone),
      }
    },
  }
}
