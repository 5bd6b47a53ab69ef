import { Box, Button, CloseButton, Flex, HStack, IconButton, Popover, Portal, SimpleGrid, Text } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { compareText, type FormatLanguage } from '../../../shared/format'
import { pathFor, type RouteName } from '../../../shared/routes'
import { GridIcon } from '../../components/ui/icons'
import { useAbility, useUserData } from '../../lib/session'
import { searchableScreens } from '../screen-search'
import { MAX_SHORTCUTS, loadShortcuts, saveShortcuts } from '../shortcuts'
import { Choices } from '../../components/ui/choices'

/** The navbar's shortcuts menu: the user's favourite screens as tiles, which they add, remove and keep. */
export function ShortcutsMenu() {
  const { t, i18n } = useTranslation()
  const user = useUserData()
  const ability = useAbility()
  const allowed = useMemo(() => searchableScreens(ability.can.bind(ability)), [ability])
  const [open, setOpen] = useState(false)
  const [editing, setEditing] = useState(false)
  const [saved, setSaved] = useState<RouteName[] | null>(null)
  const shortcuts = useMemo(
    () => (saved ? saved.filter((n) => allowed.includes(n)) : user ? loadShortcuts(localStorage, user.id, allowed) : []),
    [saved, user, allowed],
  )
  if (!user) return null

  const update = (next: RouteName[]) => {
    saveShortcuts(localStorage, user.id, next)
    setSaved(next)
  }
  const title = (name: RouteName) => t(`routes.${name}`)
  // Only while editing (the list to add from): sorting builds a collator, which the closed menu need not pay for.
  const addable = editing ? allowed.filter((n) => !shortcuts.includes(n)).sort((a, b) => compareText(title(a), title(b), i18n.language as FormatLanguage)) : []

  return (
    <Popover.Root
      lazyMount
      unmountOnExit
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open)
        if (!e.open) setEditing(false)
      }}
      positioning={{ placement: 'bottom-end' }}
    >
      <Popover.Trigger asChild>
        <IconButton variant="ghost" aria-label={t('shortcuts.open')} data-testid="shortcuts">
          <GridIcon />
        </IconButton>
      </Popover.Trigger>
      <Portal>
        <Popover.Positioner>
          <Popover.Content w={{ base: '19rem', md: '22rem' }} data-testid="shortcuts-menu">
            <Popover.Header>
              <Flex justify="space-between" align="center">
                <Popover.Title fontWeight="semibold">{t('shortcuts.title')}</Popover.Title>
                <Button size="xs" variant="ghost" onClick={() => setEditing((e) => !e)}>
                  {editing ? t('shortcuts.done') : t('shortcuts.edit')}
                </Button>
              </Flex>
            </Popover.Header>
            <Popover.Body>
              {shortcuts.length === 0 ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('shortcuts.empty')}
                </Text>
              ) : (
                <SimpleGrid columns={2} gap="2">
                  {shortcuts.map((name) => (
                    <Box key={name} position="relative">
                      <Button asChild variant="outline" w="full" h="16" whiteSpace="normal" fontSize="sm" onClick={() => setOpen(false)}>
                        <Link to={pathFor(name)}>{title(name)}</Link>
                      </Button>
                      {editing ? (
                        <CloseButton
                          size="2xs"
                          position="absolute"
                          top="-2"
                          right="-2"
                          bg="bg"
                          borderWidth="1px"
                          aria-label={t('shortcuts.remove', { name: title(name) })}
                          onClick={() => update(shortcuts.filter((n) => n !== name))}
                        />
                      ) : null}
                    </Box>
                  ))}
                </SimpleGrid>
              )}
              {editing ? (
                <HStack mt="3">
                  {shortcuts.length >= MAX_SHORTCUTS ? (
                    <Text fontSize="sm" color="fg.muted">
                      {t('shortcuts.full', { max: MAX_SHORTCUTS })}
                    </Text>
                  ) : (
                    <Choices
                      size="sm"
                      aria-label={t('shortcuts.add')}
                      value=""
                      data-testid="shortcuts-add"
                      onChange={(e) => {
                        if (e.target.value) update([...shortcuts, e.target.value as RouteName])
                      }}
                      empty={t('shortcuts.add')}
                      options={addable.map((name) => ({ value: name, label: title(name) }))}
                    />
                  )}
                </HStack>
              ) : null}
            </Popover.Body>
          </Popover.Content>
        </Popover.Positioner>
      </Portal>
    </Popover.Root>
  )
}
