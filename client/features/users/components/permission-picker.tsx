import { Badge, Box, Checkbox, Flex, HStack, Input, Stack, Text, Wrap } from '@chakra-ui/react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { buildAbility, type AppRawRule } from '../../../../shared/permissions/ability'
import { PERMISSIONS, SUBJECTS, type ActionOrManage, type Subject, type SubjectOrAll } from '../../../../shared/permissions/catalogue'
import { holdsRule } from '../../../../shared/permissions/grant'
import { ruleOfScoped, scopesOf, type RoleScope, type ScopedPermission } from '../../../../shared/permissions/scopes'
import { ROUTES } from '../../../../shared/routes'
import { useAbility } from '../../../lib/session'
import { Choices } from '../../../components/ui/choices'

/** Chosen permissions: "action subject" → scope. */
export type ChosenPermissions = Map<string, RoleScope>

export const pairKey = (action: string, subject: string) => `${action} ${subject}`

export function chosenOf(permissions: Array<{ action: string; subject: string; scope: RoleScope | null }>): ChosenPermissions {
  return new Map(permissions.flatMap((p) => (p.scope ? [[pairKey(p.action, p.subject), p.scope] as const] : [])))
}

export function chosenPermissions(chosen: ChosenPermissions): ScopedPermission[] {
  return [...chosen].map(([key, scope]) => {
    const [action, subject] = key.split(' ') as [ActionOrManage, SubjectOrAll]
    return { action, subject, scope }
  })
}

/** The rules chosen permissions are, for a preview's ability. */
export function rawRulesOf(chosen: ChosenPermissions): AppRawRule[] {
  return chosenPermissions(chosen).flatMap((p) => {
    const rule = ruleOfScoped(p)
    return rule ? [{ action: rule.action, subject: rule.subject, ...(rule.conditions ? { conditions: rule.conditions } : {}) } as AppRawRule] : []
  })
}

/** The catalogue's permissions by subject, in the catalogue's order. */
const BY_SUBJECT: Array<{ subject: Subject; actions: ActionOrManage[] }> = SUBJECTS.map((subject) => ({
  subject,
  actions: PERMISSIONS.filter((p) => p.subject === subject).map((p) => p.action),
})).filter((g) => g.actions.length > 0)

/**
 * The permission picker of the role editor and of a user's direct permissions: grouped by subject, filtered by
 * name, each with its scope where the subject offers more than "everywhere". A permission the signed-in user does
 * not hold whole is shown but cannot be changed (decision 016; the server refuses it too).
 */
export function PermissionPicker(props: { chosen: ChosenPermissions; onChange: (next: ChosenPermissions) => void }) {
  const { t } = useTranslation()
  const ability = useAbility()
  const [filter, setFilter] = useState('')
  const { chosen, onChange } = props
  const held = (action: ActionOrManage, subject: SubjectOrAll) => holdsRule(ability, { action, subject })
  const someNotHeld = BY_SUBJECT.some((g) => g.actions.some((a) => !held(a, g.subject)))
  const label = (action: string, subject: string) => `${t(`rolesAdmin.actions.${action}`)}: ${t(`rolesAdmin.subjects.${subject}`)}`
  const needle = filter.trim().toLowerCase()
  const groups = needle
    ? BY_SUBJECT.filter((g) => t(`rolesAdmin.subjects.${g.subject}`).toLowerCase().includes(needle) || g.subject.includes(needle))
    : BY_SUBJECT

  const toggle = (action: ActionOrManage, subject: Subject, on: boolean) => {
    const next = new Map(chosen)
    if (on) next.set(pairKey(action, subject), 'all')
    else next.delete(pairKey(action, subject))
    onChange(next)
  }
  const setScope = (action: ActionOrManage, subject: Subject, scope: RoleScope) => onChange(new Map(chosen).set(pairKey(action, subject), scope))

  return (
    <Stack gap="2">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Text fontWeight="semibold">
          {t('rolesAdmin.permissions')} ({chosen.size})
        </Text>
        <Input
          size="sm"
          maxW={{ base: 'full', sm: '64' }}
          placeholder={t('rolesAdmin.filter')}
          aria-label={t('rolesAdmin.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </Flex>
      {someNotHeld ? (
        <Text color="fg.muted" fontSize="sm">
          {t('rolesAdmin.notHeldSome')}
        </Text>
      ) : null}
      <Box borderWidth="1px" borderRadius="md" maxH={{ base: 'none', md: '96' }} overflowY={{ base: 'visible', md: 'auto' }} data-testid="permission-picker">
        {groups.length === 0 ? (
          <Text p="3" color="fg.muted">
            {t('rolesAdmin.noMatch')}
          </Text>
        ) : (
          groups.map((g) => {
            const scopes = scopesOf(g.subject)
            return (
              <Box
                key={g.subject}
                px="3"
                py="2"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: 0 }}
                role="group"
                aria-label={t(`rolesAdmin.subjects.${g.subject}`)}
              >
                <Text fontWeight="medium" fontSize="sm" mb="1">
                  {t(`rolesAdmin.subjects.${g.subject}`)}
                </Text>
                <Wrap gap="3" align="center">
                  {g.actions.map((action) => {
                    const key = pairKey(action, g.subject)
                    const scope = chosen.get(key)
                    const mayChange = held(action, g.subject)
                    return (
                      <HStack key={key} gap="1">
                        <Checkbox.Root
                          size="sm"
                          colorPalette="brand"
                          checked={scope !== undefined}
                          disabled={!mayChange}
                          onCheckedChange={(e) => toggle(action, g.subject, e.checked === true)}
                          title={mayChange ? undefined : t('rolesAdmin.notHeld')}
                        >
                          <Checkbox.HiddenInput />
                          <Checkbox.Control />
                          <Checkbox.Label>
                            <span aria-hidden="true">{t(`rolesAdmin.actions.${action}`)}</span>
                            <Box as="span" srOnly>
                              {label(action, g.subject)}
                            </Box>
                          </Checkbox.Label>
                        </Checkbox.Root>
                        {scope !== undefined && scopes.length > 1 ? (
                          <Choices
                            size="xs"
                            root={{ width: 'auto' }}
                            disabled={!mayChange}
                            aria-label={t('rolesAdmin.scopeOf', { permission: label(action, g.subject) })}
                            value={scope}
                            onChange={(e) => setScope(action, g.subject, e.target.value as RoleScope)}
                            options={scopes.map((s) => ({ value: s, label: t(`rolesAdmin.scopes.${s}`) }))}
                          />
                        ) : null}
                      </HStack>
                    )
                  })}
                </Wrap>
              </Box>
            )
          })
        )}
      </Box>
    </Stack>
  )
}

/**
 * What these rules open: the route table's built screens they reach (a "view as" of a role or a user). A rule's
 * conditions narrow the rows, not the screen, so a scoped permission opens its screen.
 */
export function ScreensPreview(props: { rules: AppRawRule[]; testId?: string; title?: string }) {
  const { t } = useTranslation()
  const screens = useMemo(() => {
    const preview = buildAbility(props.rules)
    return ROUTES.filter((r) => {
      const meta = r.meta as { action?: ActionOrManage; subject?: SubjectOrAll }
      return !('plannedIn' in r) && !r.path.includes(':') && meta.action && meta.subject && preview.can(meta.action, meta.subject)
    }).map((r) => r.name)
  }, [props.rules])
  return (
    <Stack gap="1">
      <Text fontWeight="semibold" fontSize="sm">
        {props.title ?? t('rolesAdmin.preview')}
      </Text>
      {screens.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {t('rolesAdmin.previewNone')}
        </Text>
      ) : (
        <Wrap gap="1" data-testid={props.testId}>
          {screens.map((name) => (
            <Badge key={name} variant="outline" size="sm">
              {t(`routes.${name}`)}
            </Badge>
          ))}
        </Wrap>
      )}
    </Stack>
  )
}
