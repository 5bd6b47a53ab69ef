import { Avatar, Button, Menu, Portal, Text } from '@chakra-ui/react'
import type { TFunction } from 'i18next'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { LANGUAGES, isLanguage, type LanguageCode } from '../../../shared/i18n/languages'
import { initials } from '../../../shared/format'
import { logout } from '../../features/auth/api/auth-api'
import { setLanguage } from '../../lib/i18n'
import { useAbility, useUserData } from '../../lib/session'
import { snackbar } from '../../lib/snackbar-store'
import { confirm } from '../../lib/confirm-store'
import { unsentBeforeSignOut } from '../../lib/sync'
import { roleName } from '../../lib/role-name'

/**
 * Whether to sign out with changes left on this device (issue 78): they are sent first when the network allows;
 * what is still left is said with its count, and the person chooses (cancel keeps them signed in).
 */
async function mayLeaveUnsent(userId: string, t: TFunction): Promise<boolean> {
  let sending = false
  const unsent = await unsentBeforeSignOut(userId, () => {
    sending = true
    snackbar.show(t('auth.unsent.sending'))
  })
  if (!unsent) return true
  // The question says what the sending came to: the note that it was under way goes.
  if (sending) snackbar.hide()
  const lines = [
    unsent.pending > 0 ? t('auth.unsent.pending', { count: unsent.pending }) : null,
    unsent.pending > 0 ? t(unsent.offline ? 'auth.unsent.offline' : 'auth.unsent.unreachable') : null,
    unsent.rejected > 0 ? t('auth.unsent.rejected', { count: unsent.rejected }) : null,
    t('auth.unsent.kept'),
  ]
  return confirm({
    title: t('auth.unsent.title'),
    text: lines.filter(Boolean).join(' '),
    confirmLabel: t('auth.unsent.signOut'),
    cancelLabel: t('auth.unsent.stay'),
    destructive: true,
  })
}

/** The user-profile menu: who is signed in, profile, language and log out. */
export function UserMenu({ onOpenPreferences }: { onOpenPreferences?: () => void }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const user = useUserData()
  const ability = useAbility()
  if (!user) return null

  const onSelect = async (value: string) => {
    if (value === 'logout') {
      if (!(await mayLeaveUnsent(user.id, t))) return
      const providerSignOut = await logout().catch(() => null)
      // Signed in through the organisation's identity provider: on to its sign-out, which comes back to the login.
      if (providerSignOut) return window.location.assign(providerSignOut)
      navigate('/login', { replace: true })
      snackbar.show(t('auth.signedOut'))
    } else if (value === 'preferences') {
      onOpenPreferences?.()
    } else if (value === 'profile') {
      navigate('/users/profile')
    } else if (value.startsWith('lang:')) {
      if (isLanguage(value.slice(5))) await setLanguage(value.slice(5) as LanguageCode)
    }
  }

  return (
    <Menu.Root lazyMount unmountOnExit onSelect={(d) => void onSelect(d.value)} positioning={{ placement: 'bottom-end' }}>
      <Menu.Trigger asChild>
        <Button variant="ghost" px="2" aria-label={t('nav.userMenu')} data-testid="user-menu">
          <Avatar.Root size="sm" colorPalette="brand" variant="solid">
            <Avatar.Fallback>{initials(user.fullName)}</Avatar.Fallback>
          </Avatar.Root>
          <Text as="span" display={{ base: 'none', md: 'inline' }} fontWeight="medium">
            {user.fullName}
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.ItemGroup>
              <Menu.ItemGroupLabel>
                <Text fontWeight="semibold">{user.fullName}</Text>
                <Text fontSize="xs" color="fg.muted">
                  {roleName(t, user.role, user.roleName)} · {user.email}
                </Text>
              </Menu.ItemGroupLabel>
            </Menu.ItemGroup>
            <Menu.Separator />
            {ability.can('view', 'profile') ? <Menu.Item value="profile">{t('nav.profile')}</Menu.Item> : null}
            {onOpenPreferences ? <Menu.Item value="preferences">{t('nav.preferences')}</Menu.Item> : null}
            {/* Radio items keep room for the check mark beside the name (a plain item drew it over the first letter). */}
            <Menu.RadioItemGroup value={`lang:${i18n.language}`}>
              <Menu.ItemGroupLabel>{t('app.language')}</Menu.ItemGroupLabel>
              {LANGUAGES.map((l) => (
                <Menu.RadioItem key={l.code} value={`lang:${l.code}`}>
                  {l.label}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
            <Menu.Separator />
            <Menu.Item value="logout" data-testid="logout">
              {t('nav.logout')}
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  )
}
