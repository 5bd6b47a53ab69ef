import { Box, Button, Dialog, Input, Kbd, Portal, Stack, Text } from '@chakra-ui/react'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { pathFor, type RouteName } from '../../../shared/routes'
import { SearchIcon } from '../../components/ui/icons'
import { useAbility } from '../../lib/session'
import { searchScreens, searchableScreens } from '../screen-search'
import { useDialogSize } from '../../components/ui/dialog-size'

/**
 * The navbar's search: finds the screens this user may open by their translated title.
 * Ctrl+K (⌘K) or "/" opens it; arrows choose, Enter opens, Escape closes.
 */
export function SearchDialog() {
  const { t } = useTranslation()
  const size = useDialogSize('md')
  const navigate = useNavigate()
  const ability = useAbility()
  const [open, setOpen] = useState(false)
  const [query, setQuery] = useState('')
  const [active, setActive] = useState(0)
  const screens = useMemo(() => searchableScreens(ability.can.bind(ability)), [ability])
  const hits = searchScreens(query, screens, (name) => t(`routes.${name}`))

  useEffect(() => {
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
  }, [])

  const go = (name: RouteName) => {
    setOpen(false)
    setQuery('')
    navigate(pathFor(name))
  }

  return (
    <>
      <Button
        variant="ghost"
        onClick={() => setOpen(true)}
        aria-label={t('search.open')}
        px={{ base: '2', md: '3' }}
        color="fg.muted"
        data-testid="open-search"
      >
        <SearchIcon />
        <Text as="span" display={{ base: 'none', lg: 'inline' }}>
          {t('search.placeholder')}
        </Text>
        <Kbd size="sm" display={{ base: 'none', lg: 'inline-flex' }}>
          Ctrl K
        </Kbd>
      </Button>
      <Dialog.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => setOpen(e.open)} placement="top" size={size}>
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
                  role="combobox"
                  aria-expanded={hits.length > 0}
                  aria-controls="screen-search-results"
                  aria-activedescendant={hits[active] ? `screen-${hits[active]}` : undefined}
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
                      setActive((i) => Math.min(i + 1, hits.length - 1))
                    } else if (e.key === 'ArrowUp') {
                      e.preventDefault()
                      setActive((i) => Math.max(i - 1, 0))
                    } else if (e.key === 'Enter' && hits[active]) {
                      e.preventDefault()
                      go(hits[active])
                    }
                  }}
                />
                <Stack as="ul" id="screen-search-results" role="listbox" aria-label={t('search.results')} gap="1" mt="3" listStyleType="none">
                  {hits.map((name, i) => (
                    <Box
                      as="li"
                      key={name}
                      id={`screen-${name}`}
                      role="option"
                      aria-selected={i === active}
                      px="3"
                      py="2"
                      borderRadius="md"
                      cursor="pointer"
                      bg={i === active ? 'brand.subtle' : undefined}
                      onMouseEnter={() => setActive(i)}
                      onClick={() => go(name)}
                    >
                      {t(`routes.${name}`)}
                    </Box>
                  ))}
                </Stack>
                {query && hits.length === 0 ? (
                  <Text color="fg.muted" mt="3">
                    {t('search.noHits', { q: query })}
                  </Text>
                ) : null}
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  )
}
