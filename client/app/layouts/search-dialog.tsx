import { Badge, Box, Button, CloseButton, Dialog, HStack, Input, Kbd, Portal, Stack, Text } from '@chakra-ui/react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useLayoutEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate, type FormatLanguage } from '../../../shared/format'
import { pathFor, type RouteName } from '../../../shared/routes'
import type { SearchHit, SearchKind } from '../../../shared/schemas/search'
import { SearchIcon } from '../../components/ui/icons'
import { SaleStatusBadge } from '../../components/ui/sale-status-badge'
import { ensureSalesMessages } from '../../lib/i18n'
import { searchEverything } from '../../lib/search-api'
import { useAbility } from '../../lib/session'
import { searchScreens, searchableScreens } from '../screen-search'
import { useDialogSize } from '../../components/ui/dialog-size'
import { searchKeys } from '../../lib/search-api'
import { useLanguage } from '../../lib/use-language'

/** Where each kind of hit opens, and the list that holds them all (searched with the same words). */
const KIND_ROUTES: Record<SearchKind, { detail: RouteName; list: RouteName; can: [string, string] }> = {
  customer: { detail: 'backoffice-customers-id', list: 'backoffice-customers', can: ['view', 'customers'] },
  saleReport: { detail: 'backoffice-salereports-id', list: 'backoffice-salereports', can: ['view', 'sale_reports'] },
  sale: { detail: 'sales-id', list: 'sales-list', can: ['view', 'sales'] },
  order: { detail: 'backoffice-ordermanagement-id', list: 'backoffice-ordermanagement', can: ['view', 'order_registrations'] },
  person: { detail: 'user-admin-users-id', list: 'user-admin-users', can: ['view', 'users'] },
  provider: { detail: 'backoffice-providers-id', list: 'backoffice-providers', can: ['view', 'providers'] },
  area: { detail: 'tools-sales-planner', list: 'tools-sales-planner', can: ['view', 'sales_planner'] },
  guide: { detail: 'guides-dashboard-view-guide', list: 'guides-dashboard', can: ['view', 'embeds'] },
}

/** Where a hit opens: its record, with the query the area asked for (an area opens the planner on its team). */
const hitPath = (detail: RouteName, h: SearchHit) => `${pathFor(detail, { id: h.id })}${h.params ? `?${new URLSearchParams(h.params).toString()}` : ''}`

type Item = { key: string; group: 'screen' | SearchKind; label: string; to: string; hit?: SearchHit; showAll?: boolean }

/**
 * The navbar's search: the screens this user may open by their translated title, and — for those who may read them —
 * customers, sale reports, orders and people by name, number or identity number (docs/decisions/061), each kind
 * within the reader's rules and numbers masked. Ctrl+K (⌘K) or "/" opens it; arrows choose, Enter opens, Escape
 * closes.
 */
export function SearchDialog() {
  const { t, lang } = useLanguage()
  const size = useDialogSize('md')
  const navigate = useNavigate()
  const ability = useAbility()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [asked, setAsked] = useState('')
  const [active, setActive] = useState(0)
  const screens = useMemo(() => searchableScreens(ability.can.bind(ability)), [ability])
  const kinds = (Object.keys(KIND_ROUTES) as SearchKind[]).filter((k) => ability.can(KIND_ROUTES[k].can[0] as never, KIND_ROUTES[k].can[1] as never))
  const screenHits = searchScreens(query, screens, (name) => t(`routes.${name}`))

  // What is typed is asked for once the typing pauses; the screens are found at once.
  useEffect(() => {
    const timer = setTimeout(() => setAsked(query.trim()), 200)
    return () => clearTimeout(timer)
  }, [query])
  const found = useQuery({
    queryKey: searchKeys.asked(asked),
    queryFn: ({ signal }) => searchEverything(asked, signal),
    enabled: open && kinds.length > 0 && asked.length >= 2,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  })

  // Opened empty every time: a new search, never the last one's words with the new ones after them.
  const show = useCallback((next: boolean) => {
    if (next) {
      setQuery('')
      setAsked('')
      setActive(0)
    }
    setOpen(next)
  }, [])
  useSearchHotkey(show)
  useEffect(() => {
    // A sale report's status is named in the sales area's words.
    if (open) void ensureSalesMessages()
  }, [open])

  const fresh = found.data && asked === query.trim() && asked.length >= 2 ? found.data : null
  const items: Item[] = [
    ...screenHits.map((name) => ({ key: `screen-${name}`, group: 'screen' as const, label: t(`routes.${name}`), to: pathFor(name) })),
    ...(fresh
      ? fresh.kinds.flatMap((kind) => {
          const hits = fresh.hits.filter((h) => h.kind === kind)
          const more = fresh.more.includes(kind)
          const route = KIND_ROUTES[kind]
          return [
            ...hits.map((h) => ({ key: `${kind}-${h.id}`, group: kind, label: h.title, to: hitPath(route.detail, h), hit: h })),
            ...(more
              ? [
                  {
                    key: `${kind}-all`,
                    group: kind,
                    label: t('search.showAll', { list: t(`routes.${route.list}`) }),
                    to: `${pathFor(route.list)}?q=${encodeURIComponent(asked)}`,
                    showAll: true,
                  },
                ]
              : []),
          ]
        })
      : []),
  ]
  const current = Math.min(active, Math.max(items.length - 1, 0))
  const waiting = kinds.length > 0 && query.trim().length >= 2 && !fresh && !found.isError

  const go = (item: Item) => {
    setOpen(false)
    setQuery('')
    setAsked('')
    navigate(item.to)
  }

  return (
    <>
      <Button variant="ghost" onClick={() => show(true)} aria-label={t('search.open')} px={{ base: '2', md: '3' }} color="fg.muted" data-testid="open-search">
        <SearchIcon />
        <Text as="span" display={{ base: 'none', lg: 'inline' }}>
          {t('search.placeholder')}
        </Text>
        <Kbd size="sm" display={{ base: 'none', lg: 'inline-flex' }}>
          Ctrl K
        </Kbd>
      </Button>
      <Dialog.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => show(e.open)} placement="top" size={size}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="search-dialog" mt={{ sm: '16' }}>
              <Dialog.Header pb="2">
                <Dialog.Title>{t('search.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Input
                  autoFocus
                  type="search"
                  role="combobox"
                  aria-expanded={items.length > 0}
                  aria-controls="search-results"
                  aria-activedescendant={items[current] ? `search-${items[current].key}` : undefined}
                  aria-label={t('search.title')}
                  placeholder={t('search.placeholder')}
                  value={query}
                  onChange={(e) => {
                    setQuery(e.currentTarget.value)
                    setActive(0)
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'ArrowDown') {
                      e.preventDefault()
                      setActive(Math.min(current + 1, items.length - 1))
                    } else if (e.key === 'ArrowUp') {
                      e.preventDefault()
                      setActive(Math.max(current - 1, 0))
                    } else if (e.key === 'Enter' && items[current]) {
                      e.preventDefault()
                      go(items[current])
                    }
                  }}
                />
                {!query.trim() ? (
                  <Text fontSize="sm" color="fg.muted" mt="3">
                    {kinds.length ? t('search.hint') : t('search.hintScreens')}
                  </Text>
                ) : null}
                <SearchResults items={items} current={current} onHover={setActive} onChoose={go} lang={lang} />
                {waiting ? (
                  <Text color="fg.muted" mt="3" fontSize="sm" aria-live="polite">
                    {t('search.searching')}
                  </Text>
                ) : found.isError && query.trim().length >= 2 ? (
                  <Text color="fg.warning" mt="3" fontSize="sm">
                    {t('search.failed')}
                  </Text>
                ) : query.trim() && items.length === 0 ? (
                  <Text color="fg.muted" mt="3">
                    {t('search.noHits', { q: query.trim() })}
                  </Text>
                ) : null}
              </Dialog.Body>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}

/** The hits as a listbox in groups (screens, customers, sale reports, orders, people), the chosen one marked. */
function SearchResults(props: { items: Item[]; current: number; onHover: (i: number) => void; onChoose: (item: Item) => void; lang: FormatLanguage }) {
  const { items, current, onHover, onChoose, lang } = props
  const { t } = useTranslation()
  return (
    <Box id="search-results" role="listbox" aria-label={t('search.results')} mt="2" maxH={{ base: '60vh', md: '28rem' }} overflowY="auto">
      {groupsOf(items).map(({ group, from, members }) => (
        <Box key={group} role="group" aria-labelledby={`search-group-${group}`}>
          <Text id={`search-group-${group}`} fontSize="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" px="3" pt="3" pb="1">
            {t(`search.groups.${group}`)}
          </Text>
          {members.map((item, n) => {
            const i = from + n
            return (
              <Box
                key={item.key}
                id={`search-${item.key}`}
                role="option"
                aria-selected={i === current}
                data-kind={item.group}
                px="3"
                py="2"
                borderRadius="md"
                cursor="pointer"
                bg={i === current ? 'brand.subtle' : undefined}
                onMouseEnter={() => onHover(i)}
                onClick={() => onChoose(item)}
              >
                {item.hit ? <HitRow hit={item.hit} lang={lang} /> : <Text color={item.showAll ? 'fg.muted' : undefined}>{item.label}</Text>}
              </Box>
            )
          })}
        </Box>
      ))}
    </Box>
  )
}

/** Ctrl+K (⌘K) anywhere, or "/" outside a field, opens the search. */
function useSearchHotkey(setOpen: (open: boolean) => void) {
  // Listening from the commit that draws the app bar (a layout effect, not a passive one): a passive effect may run
  // a while after the screen is painted on a busy phone, and a Ctrl+K pressed meanwhile went to the browser.
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null
      const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName))
      if ((e.key === 'k' && (e.ctrlKey || e.metaKey)) || (e.key === '/' && !typing)) {
        e.preventDefault()
        setOpen(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [setOpen])
}

/** The items in runs of one group each, with where each run starts in the whole list (for the keyboard's place). */
function groupsOf(items: Item[]): Array<{ group: Item['group']; from: number; members: Item[] }> {
  const out: Array<{ group: Item['group']; from: number; members: Item[] }> = []
  items.forEach((item, i) => {
    const last = out.at(-1)
    if (last && last.group === item.group) last.members.push(item)
    else out.push({ group: item.group, from: i, members: [item] })
  })
  return out
}

/** A hit: its name, what tells it apart (masked numbers, provider, seller…), its date and status. */
function HitRow({ hit, lang }: { hit: SearchHit; lang: FormatLanguage }) {
  const { t } = useTranslation()
  const details = [...hit.details, ...(hit.date ? [formatDate(hit.date, lang)] : [])]
  return (
    <Stack gap="0">
      <HStack gap="2" justify="space-between">
        <Text fontWeight="medium" truncate>
          {hit.title}
        </Text>
        {hit.status ? <SaleStatusBadge status={hit.status} /> : null}
        {hit.inactive ? <Badge variant="subtle">{t('search.inactive')}</Badge> : null}
      </HStack>
      {details.length ? (
        <Text fontSize="xs" color="fg.muted" truncate>
          {details.join(' · ')}
        </Text>
      ) : null}
    </Stack>
  )
}
