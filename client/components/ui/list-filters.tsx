import { Box, type BoxProps, Button, Flex, SimpleGrid, Wrap } from '@chakra-ui/react'
import { Fragment, type ReactNode } from 'react'
import { useAbility } from '../../lib/session'
import type { LookupWithin } from '../../../shared/schemas/lookups'
import { LookupCombobox, LookupNativeSelect } from './lookup/lookup-select'

/**
 * A back-office list's filter bar (docs/how-to.md, "A back-office list screen"): chips on top (a status), the other
 * filters in a grid that stacks on a phone, and a button that clears them all while any is set.
 */
export function FilterBar(props: { testId?: string; chips?: ReactNode; children: ReactNode; clear?: { label: string; active: boolean; onClear: () => void } }) {
  return (
    <Flex direction="column" gap="3" data-testid={props.testId}>
      {props.chips}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="2">
        {props.children}
        {props.clear?.active ? (
          <Button size="sm" variant="ghost" onClick={props.clear.onClear}>
            {props.clear.label}
          </Button>
        ) : null}
      </SimpleGrid>
    </Flex>
  )
}

/** Toggle chips, one per value (a list's statuses): pressed when on. */
export function FilterChips<T extends string>(props: {
  label: string
  values: readonly T[]
  on: (value: T) => boolean
  onToggle: (value: T) => void
  text: (value: T) => string
}) {
  return (
    <Wrap gap="2" role="group" aria-label={props.label}>
      {props.values.map((v) => (
        <Button
          key={v}
          size="xs"
          variant={props.on(v) ? 'solid' : 'outline'}
          colorPalette={props.on(v) ? 'brand' : 'gray'}
          aria-pressed={props.on(v)}
          onClick={() => props.onToggle(v)}
        >
          {props.text(v)}
        </Button>
      ))}
    </Wrap>
  )
}

/** One lookup of `OrgFilters`: its label, value and change; `all` is what the empty choice says ("All teams"). */
type OrgFilter = { label: string; value: string | undefined; onChange: (value: string | undefined) => void; all?: string }

/**
 * The organisation's lookups a list or a statistics screen filters by, each shown only to a reader who may read that
 * register: the provider, its products, the office (only offices with records of the list's subject, decision 059),
 * the office's teams and the sellers. A field left out is not offered. `teams: 'select'` offers the teams as a plain
 * select (short lists), `sellersOfTeam` narrows the sellers to the chosen team, `cell` wraps each field (a grid's
 * cell props).
 */
export function OrgFilters(props: {
  within?: LookupWithin
  provider?: OrgFilter
  product?: OrgFilter
  office?: OrgFilter
  team?: OrgFilter
  seller?: OrgFilter
  teams?: 'select' | 'search'
  sellersOfTeam?: boolean
  cell?: BoxProps
}) {
  const ability = useAbility()
  const { provider, product, office, team, seller } = props
  const cell = (key: string, field: ReactNode) =>
    props.cell ? (
      <Box key={key} {...props.cell}>
        {field}
      </Box>
    ) : (
      <Fragment key={key}>{field}</Fragment>
    )
  const Team = props.teams === 'select' ? LookupNativeSelect : LookupCombobox
  return (
    <>
      {provider
        ? cell(
            'provider',
            <LookupNativeSelect kind="providers" label={provider.label} emptyLabel={provider.all} value={provider.value} onChange={provider.onChange} />,
          )
        : null}
      {product && ability.can('view', 'products')
        ? cell(
            'product',
            <LookupCombobox
              kind="products"
              label={product.label}
              placeholder={product.all}
              value={product.value}
              parentId={provider?.value}
              onChange={product.onChange}
            />,
          )
        : null}
      {office && ability.can('view', 'offices')
        ? cell(
            'office',
            <LookupNativeSelect
              kind="offices"
              within={props.within}
              label={office.label}
              emptyLabel={office.all}
              value={office.value}
              onChange={office.onChange}
            />,
          )
        : null}
      {team && ability.can('view', 'teams')
        ? cell(
            'team',
            <Team
              kind="teams"
              label={team.label}
              emptyLabel={team.all}
              placeholder={team.all}
              value={team.value}
              parentId={office?.value}
              onChange={team.onChange}
            />,
          )
        : null}
      {seller && ability.can('view', 'users')
        ? cell(
            'seller',
            <LookupCombobox
              kind="users"
              label={seller.label}
              placeholder={seller.all}
              value={seller.value}
              parentId={props.sellersOfTeam ? team?.value : undefined}
              onChange={seller.onChange}
            />,
          )
        : null}
    </>
  )
}
