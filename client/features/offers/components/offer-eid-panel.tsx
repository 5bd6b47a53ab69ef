import { Badge, Button, Card, Code, DataList, HStack, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { offerEidSchema, type OfferEidSettings } from '../../../../shared/schemas/offers'
import { FormDialog } from '../../../components/ui/form-dialog'
import { CheckField, TextField, useFormDialog, useSchemaForm } from '../../../components/ui/form-kit'
import { errorText } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { useLanguage } from '../../../lib/use-language'
import { useOfferEid, useSaveOfferEid } from '../api/offers-queries'

/**
 * The organisation's eID broker for customers' acceptance (docs/decisions/100), on the rules tab: what is set up, the
 * return address to register at the broker, and its settings (`update sale_offers`); the secret is never shown again.
 */
export function OfferEidPanel() {
  const { t } = useLanguage()
  const ability = useAbility()
  const eid = useOfferEid()
  const [editing, setEditing] = useState(false)
  const mayEdit = ability.can('update', 'sale_offers')
  const broker = eid.data?.broker ?? null
  return (
    <Card.Root size="sm" data-testid="offer-eid">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" wrap="wrap" gap="2">
            <Heading as="h2" size="md">
              {t('offers.eid.title')}
            </Heading>
            {broker ? (
              <Badge colorPalette={broker.active ? 'green' : 'gray'} data-testid="offer-eid-state">
                {broker.active ? t('offers.eid.on') : t('offers.eid.off')}
              </Badge>
            ) : null}
          </HStack>
          <Text color="fg.muted" fontSize="sm" maxW="3xl">
            {t('offers.eid.intro')}
          </Text>
          {eid.isPending ? (
            <Skeleton h="12" />
          ) : eid.error ? (
            <Text role="alert">{errorText(eid.error, t)}</Text>
          ) : broker ? (
            <DataList.Root orientation="horizontal" size="sm">
              <DataList.Item>
                <DataList.ItemLabel>{t('offers.eid.label')}</DataList.ItemLabel>
                <DataList.ItemValue>{broker.label}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('offers.eid.issuer')}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-all">{broker.issuer}</DataList.ItemValue>
              </DataList.Item>
              <DataList.Item>
                <DataList.ItemLabel>{t('offers.eid.redirectUri')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Code wordBreak="break-all">{broker.redirectUri}</Code>
                </DataList.ItemValue>
              </DataList.Item>
            </DataList.Root>
          ) : (
            <Text fontSize="sm">{t('offers.eid.none')}</Text>
          )}
          {mayEdit && !eid.isPending && !eid.error ? (
            <Button size="sm" variant="outline" alignSelf="start" onClick={() => setEditing(true)} data-testid="offer-eid-edit">
              {broker ? t('offers.eid.edit') : t('offers.eid.setUp')}
            </Button>
          ) : null}
        </Stack>
      </Card.Body>
      {editing ? <EidDialog broker={broker} onClose={() => setEditing(false)} onReload={() => void eid.refetch()} /> : null}
    </Card.Root>
  )
}

function EidDialog({ broker, onClose, onReload }: { broker: OfferEidSettings | null; onClose: () => void; onReload: () => void }) {
  const { t } = useLanguage()
  const save = useSaveOfferEid()
  const form = useSchemaForm(offerEidSchema, {
    defaultValues: {
      label: broker?.label ?? 'BankID',
      issuer: broker?.issuer ?? '',
      clientId: broker?.clientId ?? '',
      clientSecret: '',
      scopes: broker?.scopes ?? 'openid profile',
      acrValues: broker?.acrValues ?? '',
      identityNumberClaim: broker?.identityNumberClaim ?? '',
      active: broker?.active ?? true,
    },
  })
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: 'all',
    save: async (values) => {
      // A blank secret on a change keeps the stored one.
      await save({ ...values, clientSecret: broker && !values.clientSecret ? undefined : values.clientSecret, version: broker?.version })
      snackbar.success(t('offers.eid.saved'))
      onClose()
    },
  })
  return (
    <FormDialog title={t('offers.eid.title')} testId="offer-eid-dialog" size="lg" scroll {...dialog.props}>
      <TextField form={form} name="label" label={t('offers.eid.label')} helper={t('offers.eid.labelHelp')} autoComplete="off" required />
      <TextField form={form} name="issuer" label={t('offers.eid.issuer')} type="url" autoComplete="off" placeholder="https://foretaget.idura.broker" required />
      <TextField form={form} name="clientId" label={t('offers.eid.clientId')} autoComplete="off" required />
      <TextField
        form={form}
        name="clientSecret"
        label={t('offers.eid.clientSecret')}
        helper={broker?.hasSecret ? t('offers.eid.secretKept') : undefined}
        type="password"
        autoComplete="new-password"
      />
      <TextField form={form} name="scopes" label={t('offers.eid.scopes')} autoComplete="off" fontFamily="mono" />
      <TextField form={form} name="acrValues" label={t('offers.eid.acrValues')} helper={t('offers.eid.acrHelp')} autoComplete="off" fontFamily="mono" />
      <TextField
        form={form}
        name="identityNumberClaim"
        label={t('offers.eid.identityNumberClaim')}
        helper={t('offers.eid.identityNumberHelp')}
        autoComplete="off"
        fontFamily="mono"
      />
      <CheckField form={form} name="active" label={t('offers.eid.active')} />
    </FormDialog>
  )
}
