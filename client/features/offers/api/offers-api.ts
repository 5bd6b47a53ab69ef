import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { OfferAnswerInput, OfferEidInput, OfferRuleInput, SendOfferInput } from '../../../../shared/schemas/offers'
import { getList } from '../../../components/ui/data-table/use-list-query'
import { call, getWith, rpc } from '../../../lib/api-client'

/** Written offers after a telesales call (docs/decisions/094). */
export const OFFER_FILTER_KEYS = ['state', 'providerId'] as const
export type OfferFilters = Partial<Record<(typeof OFFER_FILTER_KEYS)[number], string>>

export const listOffers = (q: ListQuery, filters: OfferFilters, signal?: AbortSignal) => getList(rpc.offers.$get, q, filters, signal)
export const offerStats = (from: string, to: string, signal?: AbortSignal) => getWith(rpc.offers.stats.$get, { from, to }, signal)
export const saleOffers = (saleId: string, signal?: AbortSignal) => call(rpc.offers.sales[':saleId'].$get({ param: { saleId } }, { init: { signal } }))
export const sendOffer = (saleId: string, json: SendOfferInput) => call(rpc.offers.sales[':saleId'].$post({ param: { saleId }, json }))
export const listOfferRules = (signal?: AbortSignal) => call(rpc['offer-rules'].$get({}, { init: { signal } }))
export const createOfferRule = (json: OfferRuleInput) => call(rpc['offer-rules'].$post({ json }))
export const updateOfferRule = (id: string, json: OfferRuleInput) => call(rpc['offer-rules'][':id'].$put({ param: { id }, json }))
export const publicOffer = (token: string, signal?: AbortSignal) => call(rpc.public.offers[':token'].$get({ param: { token } }, { init: { signal } }))
export const answerOffer = (token: string, json: OfferAnswerInput) => call(rpc.public.offers[':token'].$post({ param: { token }, json }))
export const offerEid = (signal?: AbortSignal) => call(rpc['offer-eid'].$get({}, { init: { signal } }))
export const saveOfferEid = (json: OfferEidInput) => call(rpc['offer-eid'].$put({ json }))
/** The address that leaves for the eID broker (a navigation: the broker's pages are the customer's next stop). */
export const offerEidStartUrl = (token: string, documentHash: string) => `/api/public/offers/${token}/eid?documentHash=${documentHash}`
