import { Tabs } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useUrlParams } from '../../lib/use-url-params'

/** The tab an address names (`?tab=`): the first of `tabs` when it names none, or one the screen does not have. */
export function tabOf<K extends string>(tabs: readonly K[], params: URLSearchParams): K {
  const asked = params.get('tab')
  return tabs.find((k) => k === asked) ?? tabs[0]!
}

/**
 * The address of another tab: the first tab is the address without `tab`; the parameters the tabs share (`shared`,
 * a month) are kept, the rest (the left tab's filters, page and sort) are left behind with it.
 */
export function addressOfTab(tabs: readonly string[], shared: readonly string[], current: URLSearchParams, next: string): URLSearchParams {
  const out = new URLSearchParams()
  if (next !== tabs[0]) out.set('tab', next)
  for (const name of shared) {
    const value = current.get(name)
    if (value) out.set(name, value)
  }
  return out
}

/** The tab a screen's address names, and the move to another (tabOf, addressOfTab), replacing the address. */
export function useAddressTab<K extends string>(tabs: readonly K[], shared: readonly string[] = []) {
  const [params, setParams] = useUrlParams()
  const setTab = (next: string) => setParams((current) => addressOfTab(tabs, shared, current, next), { replace: true })
  return { tab: tabOf(tabs, params), setTab }
}

/**
 * A screen of tabs kept in its address (useAddressTab), so a link or the back button opens the same tab. A panel is
 * drawn when its tab is first opened, and drawn anew each time it is opened again (a list reads its rows again),
 * unless `keepMounted` (forms that keep what was typed while another tab is looked at).
 */
export function AddressTabs<K extends string>(props: {
  tabs: readonly K[]
  label: (tab: K) => string
  panels: Record<K, ReactNode>
  shared?: readonly string[]
  keepMounted?: boolean
  /** each tab's test id: the prefix and the tab's key */
  testIdPrefix?: string
}) {
  const { tab, setTab } = useAddressTab(props.tabs, props.shared)
  return (
    <Tabs.Root
      value={tab}
      onValueChange={(e) => setTab(e.value)}
      variant="line"
      size={{ base: 'sm', md: 'md' }}
      colorPalette="brand"
      lazyMount
      unmountOnExit={!props.keepMounted}
    >
      <Tabs.List overflowX="auto" overflowY="hidden">
        {props.tabs.map((k) => (
          <Tabs.Trigger key={k} value={k} whiteSpace="nowrap" flexShrink={0} data-testid={props.testIdPrefix ? `${props.testIdPrefix}-${k}` : undefined}>
            {props.label(k)}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {props.tabs.map((k) => (
        <Tabs.Content key={k} value={k}>
          {props.panels[k]}
        </Tabs.Content>
      ))}
    </Tabs.Root>
  )
}
