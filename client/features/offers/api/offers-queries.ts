import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ListQuery } from '../../../../shared/schemas/pagination'
import type { OfferAnswerInput, OfferEidInput, OfferRuleInput, SendOfferInput } from '../../../../shared/schemas/offers'
import { salesKeys } from '../../sales/api/sales-keys'
import {
  answerOffer,
  createOfferRule,
  listOfferRules,
  listOffers,
  offerEid,
  offerStats,
  publicOffer,
  saleOffers,
  saveOfferEid,
  sendOffer,
  updateOfferRule,
  type OfferFilters,
} from './offers-api'
import { offersKeys } from './offers-keys'

/** The offers feature's queries: its screens read their data through these hooks (docs/how-to.md, a screen, point 10). */

export function useOffers(query: ListQuery, filters: OfferFilters) {
  return useQuery({ queryKey: offersKeys.list(query, filters), queryFn: ({ signal }) => listOffers(query, filters, signal), placeholderData: keepPreviousData })
}

export function useOfferStats(from: string, to: string) {
  return useQuery({ queryKey: offersKeys.stats(from, to), queryFn: ({ signal }) => offerStats(from, to, signal), placeholderData: keepPreviousData })
}

export function useOfferRules() {
  return useQuery({ queryKey: offersKeys.rules, queryFn: ({ signal }) => listOfferRules(signal) })
}

export function useOfferEid() {
  return useQuery({ queryKey: offersKeys.eid, queryFn: ({ signal }) => offerEid(signal) })
}

/** The eID broker saved: its settings (the rules read whether it is on when saved). */
export function useSaveOfferEid() {
  const queryClient = useQueryClient()
  return async (input: OfferEidInput) => {
    const saved = await saveOfferEid(input)
    queryClient.setQueryData(offersKeys.eid, { broker: saved })
    return saved
  }
}

export function useSaleOffers(saleId: string) {
  return useQuery({ queryKey: offersKeys.sale(saleId), queryFn: ({ signal }) => saleOffers(saleId, signal) })
}

/** A rule saved: the rules, and every sale's offer side (whether the rule applies may have changed). */
export function useSaveOfferRule() {
  const queryClient = useQueryClient()
  return async (id: string | null, input: OfferRuleInput) => {
    const saved = id ? await updateOfferRule(id, input) : await createOfferRule(input)
    await queryClient.invalidateQueries({ queryKey: offersKeys.all })
    return saved
  }
}

/** An offer sent: the sale's offer side, the list, and the sale report (its log). */
export function useSendOffer(saleId: string) {
  const queryClient = useQueryClient()
  return async (input: SendOfferInput) => {
    const sent = await sendOffer(saleId, input)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: offersKeys.all }),
      queryClient.invalidateQueries({ queryKey: salesKeys.report(saleId) }),
      queryClient.invalidateQueries({ queryKey: salesKeys.reports.all }),
    ])
    return sent
  }
}

/** The customer's offer on the public page (no sign-in): a missing link is answered at once, not retried. */
export function usePublicOffer(token: string) {
  return useQuery({ queryKey: offersKeys.publicOffer(token), queryFn: ({ signal }) => publicOffer(token, signal), retry: false })
}

/** The customer's answer to the document the page showed (its hash); the page then shows the offer as answered. */
export function useAnswerOffer(token: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (json: OfferAnswerInput) => answerOffer(token, json),
    onSuccess: (next) => queryClient.setQueryData(offersKeys.publicOffer(token), next),
  })
}
