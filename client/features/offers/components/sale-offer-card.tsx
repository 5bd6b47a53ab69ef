import { Button, Code, DataList, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { z } from 'zod'
import type { OfferView, SaleOffers } from '../../../../shared/schemas/offers'
import { fact } from '../../../components/ui/detail-kit'
import { FormDialog } from '../../../components/ui/form-dialog'
import { CheckField, SelectField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { Notice } from '../../../components/ui/notice'
import { SectionCard } from '../../../components/ui/section-card'
import { snackbar } from '../../../lib/snackbar-store'
import { useLanguage } from '../../../lib/use-language'
import { useSaleOffers, useSendOffer } from '../api/offers-queries'
import { moment, OfferStateBadge } from './offer-parts'

/**
 * A sale's written offer (docs/decisions/094), on its report page: whether the law asks for one here, why approval
 * waits, the offer sent with its evidence (hash, times, the customer's address and browser), earlier offers, and
 * sending one after the call. Shows nothing for a sale the rule does not cover and that has none.
 */
export function SaleOfferCard({ saleId }: { saleId: string }) {
  const { t, lang } = useLanguage()
  const offers = useSaleOffers(saleId)
  const [sending, setSending] = useState(false)
  const data = offers.data
  if (!data || (!data.required && data.offers.length === 0)) return null
  const [current, ...earlier] = data.offers
  const country = data.country ? t(`offers.rules.countries.${data.country}`) : ''
  return (
    <SectionCard title={t('offers.sale.title')} data-testid="sale-offer" end={current ? <OfferStateBadge state={current.state} /> : undefined}>
      <Stack gap="4">
        {data.required ? (
          data.problem ? (
            <Notice
              status="warning"
              data-testid="offer-problem"
              description={`${t('offers.sale.required', { country })} ${sentence(t(`offers.problem.${data.problem}`))}`}
            />
          ) : (
            <Notice status="success" data-testid="offer-evidence-ok" description={t('offers.sale.evidenceOk')} />
          )
        ) : null}
        {current ? <OfferFacts offer={current} /> : <Text color="fg.muted">{t('offers.sale.none')}</Text>}
        {data.mayPrepare && current?.state !== 'accepted' ? (
          <Button size="sm" colorPalette="brand" alignSelf="start" onClick={() => setSending(true)} data-testid="send-offer">
            {current ? t('offers.sale.sendAgain') : t('offers.sale.send')}
          </Button>
        ) : null}
        {earlier.length > 0 ? (
          <Stack gap="1" fontSize="sm" data-testid="earlier-offers">
            <Text fontWeight="medium">{t('offers.sale.history')}</Text>
            {earlier.map((o) => (
              <Text key={o.id} color="fg.muted">
                {moment(o.sentAt, lang)} · {t(`offers.states.${o.state}`)}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Stack>
      {sending ? <SendOfferDialog saleId={saleId} offers={data} onClose={() => setSending(false)} /> : null}
    </SectionCard>
  )
}

function OfferFacts({ offer }: { offer: OfferView }) {
  const { t, lang } = useLanguage()
  const to = [offer.sentTo.email, offer.sentTo.sms].filter(Boolean).join(', ')
  return (
    <DataList.Root orientation="horizontal" size="sm" data-testid="offer-facts">
      {fact(t('offers.sale.callEndedAt'), moment(offer.callEndedAt, lang))}
      {fact(t('offers.columns.sentAt'), t('offers.sale.sentAt', { at: moment(offer.sentAt, lang), by: offer.sentByName ?? '–' }))}
      {fact(t('offers.sale.sentTo', { to: '' }).trim(), to)}
      {offer.remindedAt ? fact(t('offers.sale.reminded', { at: '' }).trim(), moment(offer.remindedAt, lang)) : null}
      {offer.answeredAt
        ? fact(t('offers.columns.answeredAt'), moment(offer.answeredAt, lang))
        : fact(t('offers.columns.expiresAt'), moment(offer.expiresAt, lang))}
      {offer.declineReason ? fact(t('offers.sale.reason'), offer.declineReason) : null}
      {offer.eid === 'required' && !offer.eidAcceptance ? fact(t('offers.rules.eid'), t('offers.sale.eidRequired')) : null}
      {offer.eidAcceptance ? <EidFacts eid={offer.eidAcceptance} /> : null}
      {offer.answerIp ? fact(t('offers.sale.ip'), offer.answerIp) : null}
      {offer.answerUserAgent
        ? fact(
            t('offers.sale.userAgent'),
            <Text as="span" wordBreak="break-word">
              {offer.answerUserAgent}
            </Text>,
          )
        : null}
      {fact(
        t('offers.sale.hash'),
        <Code fontSize="xs" wordBreak="break-all" data-testid="offer-hash">
          {offer.documentHash}
        </Code>,
      )}
    </DataList.Root>
  )
}

/** An acceptance through the eID broker: who signed in, how and when, and whether it is the sale's customer's name. */
function EidFacts({ eid }: { eid: NonNullable<OfferView['eidAcceptance']> }) {
  const { t, lang } = useLanguage()
  return (
    <>
      {fact(
        t('offers.sale.eidAccepted'),
        <Stack gap="1" data-testid="offer-eid-evidence">
          <Text as="span">{eid.name ?? '–'}</Text>
          {eid.nameMatches === false ? (
            <Text as="span" color="fg.warning" fontSize="sm" data-testid="offer-eid-name-differs">
              {t('offers.sale.eidNameDiffers')}
            </Text>
          ) : null}
          {eid.hasIdentityNumber ? (
            <Text as="span" color="fg.muted" fontSize="sm">
              {t('offers.sale.eidNumber')}
            </Text>
          ) : null}
        </Stack>,
      )}
      {eid.at ? fact(t('offers.sale.eidAt'), moment(eid.at, lang)) : null}
      {eid.acr ? fact(t('offers.sale.eidMethod'), <Code fontSize="xs">{eid.acr}</Code>) : null}
      {fact(
        t('offers.sale.eidIssuer'),
        <Text as="span" wordBreak="break-all">
          {eid.issuer}
        </Text>,
      )}
      {fact(
        t('offers.sale.eidSubject'),
        <Code fontSize="xs" wordBreak="break-all">
          {eid.subject}
        </Code>,
      )}
    </>
  )
}

/** A reason as a sentence of its own: capitalised, ending with a full stop. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`

/** A local date and time as a datetime-local field takes it. */
function localInput(at: number) {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

const sendFormSchema = z.object({
  callEnded: z.string().min(1, 'validation.required'),
  language: z.enum(['sv', 'en', 'fi']),
  email: z.boolean(),
  sms: z.boolean(),
})

/** Sending after the call: when it ended (now by default), the customer's language, by e-mail and/or SMS. */
function SendOfferDialog({ saleId, offers, onClose }: { saleId: string; offers: SaleOffers; onClose: () => void }) {
  const { t } = useLanguage()
  const send = useSendOffer(saleId)
  // When the dialog opened: the call has just ended, as a rule.
  const [openedAt] = useState(() => Date.now())
  const form = useSchemaForm(sendFormSchema, {
    defaultValues: { callEnded: localInput(openedAt), language: offers.country === 'FI' ? 'fi' : 'sv', email: offers.hasEmail, sms: offers.hasPhone },
  })
  const dialog = useFormDialog(form, {
    onClose,
    fields: ['language', 'email', 'sms'],
    outside: { callEndedAt: (message) => form.setError('callEnded', { message }) },
    save: async (values) => {
      await send({ callEndedAt: new Date(values.callEnded).getTime(), language: values.language, email: values.email, sms: values.sms })
      snackbar.success(t('offers.sale.sent'))
      onClose()
    },
  })
  return (
    <FormDialog title={t('offers.sale.send')} testId="send-offer-dialog" submitLabel={t('offers.sale.send')} {...dialog.props}>
      <TextField form={form} name="callEnded" type="datetime-local" label={t('offers.sale.callEndedAt')} helper={t('offers.sale.callHelp')} required />
      <SelectField
        form={form}
        name="language"
        label={t('offers.sale.language')}
        options={[
          { value: 'sv', label: 'Svenska' },
          { value: 'fi', label: 'Suomi' },
          { value: 'en', label: 'English' },
        ]}
      />
      <SimpleGrid columns={2} gap="2">
        <CheckField form={form} name="email" label={t('offers.sale.byEmail')} disabled={!offers.hasEmail} />
        <CheckField form={form} name="sms" label={t('offers.sale.bySms')} disabled={!offers.hasPhone} />
      </SimpleGrid>
    </FormDialog>
  )
}
