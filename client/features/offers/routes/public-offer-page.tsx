import { Box, Button, Card, DataList, Field, Heading, HStack, Skeleton, Stack, Table, Text, Textarea } from '@chakra-ui/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams, useSearchParams } from 'react-router'
import { formatPrice } from '../../../../shared/format'
import { OFFER_EID_OUTCOMES, type OfferEidOutcome, type PublicOffer } from '../../../../shared/schemas/offers'
import { ApiClientError, errorText } from '../../../lib/api-client'
import { setLanguage } from '../../../lib/i18n'
import { queryClient } from '../../../lib/query-client'
import { offerEidStartUrl } from '../api/offers-api'
import { useAnswerOffer, usePublicOffer } from '../api/offers-queries'
import { moment } from '../components/offer-parts'

/**
 * /offer/:token (docs/decisions/094): the customer's written offer after a telesales call, on their phone, with no
 * sign-in — the whole document in their language, and accept or decline. The answer names the document's hash, so it
 * counts only for what this page showed.
 */
export default function PublicOfferPage() {
  // The blank layout (no app bar: the customer is not a user) brings no query client of its own.
  return (
    <QueryClientProvider client={queryClient}>
      <PublicOfferView />
    </QueryClientProvider>
  )
}

function PublicOfferView() {
  const { t, i18n } = useTranslation()
  const { token = '' } = useParams()
  // Back from the eID broker: how the acceptance went (the page says it in words).
  const [search] = useSearchParams()
  const outcome = OFFER_EID_OUTCOMES.find((o) => o === search.get('eid')) ?? null
  const offer = usePublicOffer(token)
  const [declining, setDeclining] = useState(false)
  const [reason, setReason] = useState('')
  // The page speaks the customer's language: the one the offer was made in.
  const language = offer.data?.language
  useEffect(() => {
    if (language && i18n.language !== language) void setLanguage(language as 'sv' | 'en' | 'fi')
  }, [language, i18n])
  const answer = useAnswerOffer(token)
  const reply = (decision: 'accept' | 'decline') =>
    answer.mutate({ decision, documentHash: offer.data!.documentHash, ...(decision === 'decline' && reason.trim() ? { reason: reason.trim() } : {}) })
  const data = offer.data
  const failure = offer.error
  const missing = failure instanceof ApiClientError && failure.status === 404
  return (
    <Stack as="main" id="main" gap="6" py={{ base: '6', md: '14' }} px="4" maxW="2xl" mx="auto" data-testid="public-offer">
      <Heading as="h1" size="2xl">
        {data ? headingOf(data.state, t) : t('offers.public.title')}
      </Heading>
      {outcome ? <EidOutcome outcome={outcome} /> : null}
      {failure ? (
        <Text role="alert">{missing ? t('offers.public.notFound') : errorText(failure, t)}</Text>
      ) : !data ? (
        <Skeleton h="80" aria-busy />
      ) : (
        <>
          {data.state === 'sent' ? <Text color="fg.muted">{t('offers.public.intro')}</Text> : null}
          {data.state === 'accepted' ? (
            <Text data-testid="offer-accepted">
              {t('offers.public.acceptedText', { at: moment(data.answeredAt!, lang(data)) })}
              {data.answeredWithEid ? ` ${t('offers.public.acceptedWithEid')}` : ''}
            </Text>
          ) : null}
          {data.state === 'declined' ? <Text data-testid="offer-declined">{t('offers.public.declinedText')}</Text> : null}
          <OfferDocumentView offer={data} />
          {answer.error ? (
            <Text role="alert" color="fg.error" data-testid="offer-answer-error">
              {errorText(answer.error, t)}
            </Text>
          ) : null}
          {data.state === 'sent' ? (
            declining ? (
              <Stack gap="3">
                <Field.Root>
                  <Field.Label>{t('offers.public.declineReason')}</Field.Label>
                  <Textarea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} data-testid="offer-decline-reason" />
                </Field.Root>
                <HStack gap="3" wrap="wrap">
                  <Button colorPalette="red" size="lg" loading={answer.isPending} onClick={() => reply('decline')} data-testid="offer-confirm-decline">
                    {t('offers.public.confirmDecline')}
                  </Button>
                  <Button variant="ghost" size="lg" onClick={() => setDeclining(false)}>
                    {t('table.cancel')}
                  </Button>
                </HStack>
              </Stack>
            ) : (
              <Stack gap="3">
                {data.eid?.mode === 'required' ? (
                  <Text data-testid="offer-eid-required">
                    {data.eid.label ? t('offers.public.eidRequired', { label: data.eid.label }) : t('offers.public.eidUnavailable')}
                  </Text>
                ) : null}
                <Stack gap="3" direction={{ base: 'column', sm: 'row' }}>
                  {data.eid?.label ? (
                    <Button asChild colorPalette="brand" size="lg" variant={data.eid.mode === 'required' ? 'solid' : 'outline'}>
                      <a href={offerEidStartUrl(token, data.documentHash)} data-testid="offer-accept-eid">
                        {t('offers.public.acceptWithEid', { label: data.eid.label })}
                      </a>
                    </Button>
                  ) : null}
                  {data.eid?.mode !== 'required' ? (
                    <Button colorPalette="brand" size="lg" loading={answer.isPending} onClick={() => reply('accept')} data-testid="offer-accept">
                      {t('offers.public.accept')}
                    </Button>
                  ) : null}
                  <Button variant="outline" size="lg" onClick={() => setDeclining(true)} data-testid="offer-decline">
                    {t('offers.public.decline')}
                  </Button>
                </Stack>
              </Stack>
            )
          ) : null}
          {data.state === 'sent' ? (
            <Text fontSize="sm" color="fg.muted">
              {t('offers.public.validUntil', { at: moment(data.expiresAt, lang(data)) })}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  )
}

/** How the acceptance through the eID broker went, in words: a success, or why not (the offer still waits). */
function EidOutcome({ outcome }: { outcome: OfferEidOutcome }) {
  const { t } = useTranslation()
  const ok = outcome === 'accepted'
  return (
    <Box
      role={ok ? 'status' : 'alert'}
      p="3"
      borderRadius="l2"
      bg={ok ? 'green.subtle' : 'orange.subtle'}
      data-testid="offer-eid-outcome"
      data-outcome={outcome}
    >
      <Text>{t(`offers.public.eidOutcome.${outcome}`)}</Text>
    </Box>
  )
}

const lang = (o: PublicOffer) => (o.language === 'fi' || o.language === 'en' ? o.language : 'sv')

function headingOf(state: PublicOffer['state'], t: (key: string) => string) {
  if (state === 'accepted') return t('offers.public.acceptedTitle')
  if (state === 'declined') return t('offers.public.declinedTitle')
  if (state === 'superseded') return t('offers.public.supersededTitle')
  if (state === 'expired' || state === 'withdrawn') return t('offers.public.expiredTitle')
  return t('offers.public.title')
}

/** The document as the customer reads it: who offers what to whom, each line and the total, the binding and terms. */
function OfferDocumentView({ offer }: { offer: PublicOffer }) {
  const { t } = useTranslation()
  const doc = offer.document
  const l = lang(offer)
  const customer = [doc.customer.companyName, doc.customer.name, doc.customer.address, `${doc.customer.postalCode} ${doc.customer.city}`].filter(Boolean)
  return (
    <Card.Root data-testid="offer-document">
      <Card.Body>
        <Stack gap="4">
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                [t('offers.document.provider'), doc.provider],
                [t('offers.document.customer'), customer.join(', ')],
                [t('offers.document.seller'), doc.seller],
                [t('offers.document.call'), moment(doc.callEndedAt, l)],
              ] as const
            ).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue>{value}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label={t('offers.document.products')}>
              <Table.Body>
                {doc.lines.map((line, i) => (
                  <Table.Row key={i}>
                    <Table.Cell>
                      {line.quantity} × {line.name}
                      <Text fontSize="xs" color="fg.muted">
                        {t('offers.public.unitPrice', { price: formatPrice(line.unitPriceOre, l) })}
                      </Text>
                    </Table.Cell>
                    <Table.Cell textAlign="end" whiteSpace="nowrap">
                      {formatPrice(line.totalOre, l)}
                    </Table.Cell>
                  </Table.Row>
                ))}
                <Table.Row fontWeight="semibold">
                  <Table.Cell>{t('offers.document.total')}</Table.Cell>
                  <Table.Cell textAlign="end" whiteSpace="nowrap" data-testid="offer-total">
                    {formatPrice(doc.totalOre, l)}
                  </Table.Cell>
                </Table.Row>
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Text>
            {doc.bindingMonths
              ? `${t('offers.document.binding')}: ${t('offers.document.months', { count: doc.bindingMonths })}`
              : t('offers.document.noBinding')}
          </Text>
          <Box>
            <Text fontWeight="medium">{t('offers.document.terms')}</Text>
            <Text whiteSpace="pre-wrap" fontSize="sm">
              {doc.terms}
            </Text>
          </Box>
        </Stack>
      </Card.Body>
    </Card.Root>
  )
}
