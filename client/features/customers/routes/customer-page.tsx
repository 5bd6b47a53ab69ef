import { Badge, Button, Card, DataList, Link as ChakraLink, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { formatDate, formatOre } from '../../../../shared/format'
import { revealIdentity } from '../../../lib/identity-api'
import { IdentityNumber } from '../../../components/ui/identity-number'
import { pathFor } from '../../../../shared/routes'
import { ActivityLog } from '../../../components/ui/activity-log'
import { Page } from '../../../components/ui/page'
import { SaleStatusBadge } from '../../../components/ui/sale-status-badge'
import { useAbility } from '../../../lib/session'
import { getCustomer } from '../api/customers-api'
import { CustomerDialog } from '../components/customer-dialog'
import { DetailState } from '../../../components/ui/detail-state'
import { customersKeys } from '../api/customers-keys'
import { useRecord } from '../../../lib/use-record'
import { dialogEnds } from '../../../components/ui/form-dialog'
import { ChildTableCard, RecordLink, fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'

const LOGGED = ['name', 'email', 'phone', 'address', 'postalCode', 'city', 'note'] as const

/**
 * /backoffice/customers/:id: a customer's details (the identity number masked until asked for, which is logged),
 * their sale reports the user may see, and the register's log of them.
 */
export default function CustomerPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const [editing, setEditing] = useState(false)
  const { id, query: customer, refresh } = useRecord(customersKeys.detail, getCustomer, [customersKeys.all])
  const title = t('routes.backoffice-customers-id')
  const crumbs = [{ label: t('nav.groups.backoffice') }, { label: t('routes.backoffice-customers'), to: pathFor('backoffice-customers') }]

  // The reading is logged: the customer's log below shows it once read again.
  const reveal = async () => {
    const answer = await revealIdentity.ofCustomer(id)
    refresh()
    return answer
  }

  return (
    <DetailState query={customer} title={title} breadcrumbs={crumbs} notFound={t('catalog.customers.notFound')}>
      {(c) => {
        const row = (label: string, value: React.ReactNode) => fact(label, value)
        return (
          <Page title={c.name} breadcrumbs={crumbs}>
            <Wrap gap="2" align="center">
              <Badge variant="subtle">{t(`catalog.customers.${c.type}`)}</Badge>
              {ability.can('update', 'customers') ? (
                <Button size="sm" variant="outline" onClick={() => setEditing(true)}>
                  {t('catalog.actions.edit')}
                </Button>
              ) : null}
            </Wrap>
            <Card.Root>
              <Card.Body>
                <DataList.Root orientation="horizontal" size="sm" data-testid="customer-details">
                  {row(t('catalog.customers.number'), <IdentityNumber masked={c.number} reveal={reveal} testId="customer-number" />)}
                  {c.companyName ? row(t('catalog.customers.companyName'), c.companyName) : null}
                  {row(t('catalog.customers.phone'), c.phone ? <ChakraLink href={`tel:${c.phone}`}>{c.phone}</ChakraLink> : null)}
                  {row(t('catalog.customers.email'), c.email ? <ChakraLink href={`mailto:${c.email}`}>{c.email}</ChakraLink> : null)}
                  {row(t('catalog.customers.address'), [c.address, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || null)}
                  {row(t('catalog.customers.firstSale'), formatDate(c.firstSaleAt, lang))}
                  {row(t('catalog.customers.lastSale'), formatDate(c.lastSaleAt, lang))}
                  {c.note ? row(t('catalog.customers.note'), <Text whiteSpace="pre-wrap">{c.note}</Text>) : null}
                </DataList.Root>
              </Card.Body>
            </Card.Root>
            <ChildTableCard
              title={t('catalog.customers.sales')}
              count={false}
              subtitle={t('catalog.customers.salesShown', { count: c.sales.length })}
              rows={c.sales}
              rowKey={(s) => s.id}
              empty={t('catalog.customers.noSales')}
              testId="customer-sales"
              rowTestId="customer-sale"
              columns={[
                {
                  header: t('catalog.customers.salesColumns.soldAt'),
                  cell: (s) => <RecordLink to={pathFor('backoffice-salereports-id', { id: s.id })}>{formatDate(s.sellDate, lang)}</RecordLink>,
                },
                { header: t('catalog.customers.salesColumns.provider'), cell: (s) => s.providerName },
                { header: t('catalog.customers.salesColumns.seller'), cell: (s) => s.sellerName, hideBelow: 'md' },
                { header: t('catalog.customers.salesColumns.orderValue'), cell: (s) => formatOre(s.orderValueOre, lang), end: true, hideBelow: 'sm' },
                { header: t('catalog.customers.salesColumns.status'), cell: (s) => <SaleStatusBadge status={s.status} /> },
              ]}
            />
            <ActivityLog
              lines={c.activity}
              testId="customer-log"
              fieldLabel={(k) => ((LOGGED as readonly string[]).includes(k) ? t(k === 'name' ? 'catalog.fields.name' : `catalog.customers.${k}`) : undefined)}
            />
            <CustomerDialog
              key={`${c.version}-${String(editing)}`}
              open={editing}
              customer={c}
              {...dialogEnds(() => setEditing(false), refresh, t('catalog.customers.saved'))}
            />
          </Page>
        )
      }}
    </DetailState>
  )
}
