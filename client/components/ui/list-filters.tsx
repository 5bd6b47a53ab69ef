import { Button, Flex, SimpleGrid, Wrap } from '@chakra-ui/react'
import type { ReactNode } from 'react'
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

type OrgFilter = { label: string; value: string | undefined; onChange: (value: string | undefined) => void }

/**
 * The organisation's lookups a list filters by, each shown only to a reader who may read that register: the
 * provider, its products, the office (only offices with records of the list's subject, decision 059), the office's
 * teams and the sellers. A field left out is not offered.
 */
export function OrgFilters(props: {
  within: LookupWithin
  provider?: OrgFilter
  product?: OrgFilter
  office?: OrgFilter
  team?: OrgFilter
  seller?: OrgFilter
}) {
  const ability = useAbility()
  const { provider, product, office, team, seller } = props
  return (
    <>
      {provider ? <LookupNativeSelect kind="providers" label={provider.label} value={provider.value} onChange={provider.onChange} /> : null}
      {product && ability.can('view', 'products') ? (
        <LookupCombobox kind="products" label={product.label} value={product.value} parentId={provider?.value} onChange={product.onChange} />
      ) : null}
      {office && ability.can('view', 'offices') ? (
        <LookupNativeSelect kind="offices" within={props.within} label={office.label} value={office.value} onChange={office.onChange} />
      ) : null}
      {team && ability.can('view', 'teams') ? (
        <LookupCombobox kind="teams" label={team.label} value={team.value} parentId={office?.value} onChange={team.onChange} />
      ) : null}
      {seller && ability.can('view', 'users') ? <LookupCombobox kind="users" label={seller.label} value={seller.value} onChange={seller.onChange} /> : null}
    </>
  )
}
