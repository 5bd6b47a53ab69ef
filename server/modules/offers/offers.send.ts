import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { formatDate, formatPrice, formatTime } from '../../../shared/format'
import { TRANSLATORS } from '../../../shared/i18n'
import type { LanguageCode } from '../../../shared/i18n/languages'
import { maskEmail, maskPhone, type OfferDocument } from '../../../shared/rules/offers'
import type { Translate } from '../../../shared/schemas/errors'
import type { OfferView, SendOfferInput } from '../../../shared/schemas/offers'
import type { AppAbility } from '../../../shared/permissions/ability'
import { logActivity } from '../../platform/activity-log'
import { e164, type SmsSender } from '../../platform/sms'
import type { SecretBox } from '../../platform/secret-box'
import { ApiError, forbidden, notFound, validationError } from '../../lib/errors'
import { documentHashOf, hashToken, offerDocument, type OffersContext } from './offers.context'

const DAY_MS = 86_400_000
/** How long before the sale was recorded the call may have ended: a sale is recorded during the call or after it. */
const CALL_BEFORE_SALE_MS = DAY_MS

/** The document as plain text in its language: the body of the e-mail, the durable copy the customer keeps. */
export function documentText(doc: OfferDocument): string {
  const t = TRANSLATORS[doc.language] ?? TRANSLATORS.sv
  const lang = doc.language
  const lines = doc.lines.map((l) =>
    t('offers.document.line', { quantity: l.quantity, name: l.name, price: formatPrice(l.unitPriceOre, lang), total: formatPrice(l.totalOre, lang) }),
  )
  const customer = [doc.customer.companyName, doc.customer.name, doc.customer.address, `${doc.customer.postalCode} ${doc.customer.city}`].filter(Boolean)
  return [
    `${t('offers.document.provider')}: ${doc.provider}`,
    `${t('offers.document.customer')}: ${customer.join(', ')}`,
    `${t('offers.document.seller')}: ${doc.seller}`,
    `${t('offers.document.call')}: ${formatDate(doc.callEndedAt, lang)} ${formatTime(doc.callEndedAt, lang)}`,
    '',
    `${t('offers.document.products')}:`,
    ...lines.map((l) => `- ${l}`),
    `${t('offers.document.total')}: ${formatPrice(doc.totalOre, lang)}`,
    doc.bindingMonths ? `${t('offers.document.binding')}: ${t('offers.document.months', { count: doc.bindingMonths })}` : t('offers.document.noBinding'),
    '',
    `${t('offers.document.terms')}:`,
    doc.terms,
  ].join('\n')
}

/**
 * Sending the offer after the call (docs/decisions/094): by the seller of the sale or back office (`create
 * sale_offers` within its conditions). The call must have ended — a time in the future is refused — and the way
 * chosen must reach the customer. An open offer of the sale is superseded by the new one; the customer's link
 * goes by e-mail (the durable copy, the whole document in the text) and by SMS.
 */
export function offersSending(ctx: OffersContext, sms: Pick<SmsSender, 'send'>, secrets: Pick<SecretBox, 'seal'>) {
  const { database, o, ports, countryOf, ruleFor, may, mail, view } = ctx

  return {
    async send(
      actor: { id: string; ability: AppAbility },
      saleId: string,
      input: SendOfferInput,
      c: { now: number; translate: Translate; origin: string },
    ): Promise<OfferView> {
      return database.transaction(async (tx) => {
        const sale = await ports.saleForOffer(tx, saleId)
        if (!sale || !(may(actor.ability, 'view', sale) || may(actor.ability, 'create', sale))) throw notFound()
        if (!may(actor.ability, 'create', sale)) throw forbidden()
        const country = await countryOf(tx, sale.officeId)
        const rule = await ruleFor(tx, sale.providerId, country)
        if (!rule || !country) throw new ApiError(409, 'offer_not_required')
        if (sale.status === 'regret') throw new ApiError(409, 'offer_sale_regretted')
        const problems: Record<string, string[]> = {}
        // The law: the offer is confirmed after the call. A call still going on (an end in the future) is refused.
        if (input.callEndedAt > c.now) problems.callEndedAt = [c.translate('validation.offers.callNotEnded')]
        else if (input.callEndedAt < sale.soldAt - CALL_BEFORE_SALE_MS) problems.callEndedAt = [c.translate('validation.offers.callTooEarly')]
        if (input.email && !sale.email) problems.email = [c.translate('validation.offers.noEmail')]
        const smsTo = input.sms ? e164(sale.phone, country) : null
        if (input.sms && !smsTo) problems.sms = [c.translate('validation.offers.noPhone')]
        if (Object.keys(problems).length > 0) throw validationError(problems)
        // An offer only an eID accepts needs the broker on now: otherwise no customer could accept it.
        const brokerOn = rule.eid !== 'off' && (await ctx.eidBrokerOn(tx))
        if (rule.eid === 'required' && !brokerOn) throw new ApiError(409, 'offer_eid_unavailable')

        const [providers, sellers] = await Promise.all([ports.providerNames(tx, [sale.providerId]), ports.names(tx, [sale.sellerId, actor.id])])
        const language = input.language as LanguageCode
        const doc = offerDocument(sale, rule, {
          language,
          provider: providers.get(sale.providerId) ?? '',
          seller: sellers.get(sale.sellerId) ?? '',
          callEndedAt: input.callEndedAt,
        })
        // The sale's open offer (a corrected sale, a message that did not arrive) is replaced by this one.
        await tx
          .update(o)
          .set({ state: 'superseded', updatedAt: c.now })
          .where(and(eq(o.saleId, sale.id), eq(o.state, 'sent')))
        const token = randomBytes(32).toString('base64url')
        const id = crypto.randomUUID()
        const expiresAt = c.now + rule.expiresAfterDays * DAY_MS
        const sentTo = { email: input.email ? maskEmail(sale.email!) : null, sms: smsTo ? maskPhone(smsTo) : null }
        const row = {
          id,
          saleId: sale.id,
          sellerId: sale.sellerId,
          teamId: sale.teamId,
          officeId: sale.officeId,
          providerId: sale.providerId,
          country,
          language,
          state: 'sent' as const,
          document: doc,
          searchText: [doc.customer.name, doc.customer.companyName].filter(Boolean).join(' ').toLocaleLowerCase('sv'),
          documentHash: documentHashOf(doc),
          callEndedAt: input.callEndedAt,
          sentAt: c.now,
          sentBy: actor.id,
          sentTo,
          tokenHash: hashToken(token),
          tokenSealed: secrets.seal(token),
          expiresAt,
          remindedAt: null,
          answeredAt: null,
          answeredHash: null,
          answerIp: null,
          answerUserAgent: null,
          declineReason: null,
          // An eID the customer may choose only while the broker is on; the rule fixes it for this offer.
          eid: rule.eid === 'optional' && !brokerOn ? ('off' as const) : rule.eid,
          eidIssuer: null,
          eidSubject: null,
          eidName: null,
          eidNumberHash: null,
          eidAcr: null,
          eidAuthAt: null,
          version: 1,
          createdAt: c.now,
          updatedAt: c.now,
        }
        await tx.insert(o).values(row)
        const link = `${c.origin}/offer/${token}`
        const t = TRANSLATORS[language] ?? TRANSLATORS.sv
        const expires = `${formatDate(expiresAt, language)} ${formatTime(expiresAt, language)}`
        const first = sale.customerName.split(' ')[0]
        if (input.email) {
          await mail.send(tx, {
            to: sale.email!,
            template: 'saleOffer',
            language,
            params: { name: first, provider: doc.provider, link, document: documentText(doc), expires },
          })
        }
        if (smsTo) await sms.send(tx, smsTo, t('offers.sms.offer', { name: first, provider: doc.provider, link, expires }))
        await logActivity(tx, ctx.t, {
          at: c.now,
          actorId: actor.id,
          entity: 'sale_offer',
          entityId: id,
          action: 'sent',
          after: { saleId: sale.id, documentHash: row.documentHash, callEndedAt: input.callEndedAt, language, sentTo },
        })
        return view(row, sellers)
      })
    },
  }
}
