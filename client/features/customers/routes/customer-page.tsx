import { Badge, Button, Card, DataList, Link as ChakraLink, Table, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { Link as RouterLink } from 'react-router'
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
import { fact } from '../../../components/ui/detail-kit'
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
            <Card.Root>
              <Card.Header>
                <Card.Title>{t('catalog.customers.sales')}</Card.Title>
                {c.sales.length > 0 ? (
                  <Text fontSize="sm" color="fg.muted">
                    {t('catalog.customers.salesShown', { count: c.sales.length })}
                  </Text>
                ) : null}
              </Card.Header>
              <Card.Body overflowX="auto">
                {c.sales.length === 0 ? (
                  <Text color="fg.muted">{t('catalog.customers.noSales')}</Text>
                ) : (
                  <Table.Root size="sm" data-testid="customer-sales">
                    <Table.Body>
                      {c.sales.map((s) => (
                        <Table.Row key={s.id}>
                          <Table.Cell>
                            <ChakraLink asChild>
                              <RouterLink to={pathFor('backoffice-salereports-id', { id: s.id })}>{formatDate(s.sellDate, lang)}</RouterLink>
                            </ChakraLink>
                          </Table.Cell>
                          <Table.Cell>{s.providerName}</Table.Cell>
                          <Table.Cell hideBelow="md">{s.sellerName}</Table.Cell>
                          <Table.Cell hideBelow="sm" textAlign="end">
                            {formatOre(s.orderValueOre, lang)}
                          </Table.Cell>
                          <Table.Cell>
                            <SaleStatusBadge status={s.status} />
                          </Table.Cell>
                        </Table.Row>
                      ))}
                    </Table.Body>
                  </Table.Root>
                )}
              </Card.Body>
            </Card.Root>
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
