import { Stack, Text } from '@chakra-ui/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AppRawRule } from '../../../../shared/permissions/ability'
import type { ActionOrManage, SubjectOrAll } from '../../../../shared/permissions/catalogue'
import { ruleOfScoped } from '../../../../shared/permissions/scopes'
import type { UserDetail } from '../../../../shared/schemas/users'
import { FormDialog, useFormError } from '../../../components/ui/form-dialog'
import { serverFieldErrors } from '../../../lib/api-client'
import { setUserPermissions } from '../api/users-api'
import { PermissionPicker, ScreensPreview, chosenOf, chosenPermissions, rawRulesOf, type ChosenPermissions } from './permission-picker'
import { FormAlert } from '../../../components/ui/form-alert'

type ShownRule = UserDetail['rules']['role'][number]

/**
 * The rules a user's lines hold, for a preview's ability: a rule whose condition is no scope the editor knows still
 * opens its screen (its condition narrows rows), so it counts as scoped; an inverted rule takes its pair away only
 * when it has no condition.
 */
export function previewRules(rules: ShownRule[]): AppRawRule[] {
  return rules.flatMap((r) => {
    if (r.inverted) return r.scope === 'all' ? [{ action: r.action, subject: r.subject, inverted: true } as AppRawRule] : []
    const rule = r.scope ? ruleOfScoped({ action: r.action as ActionOrManage, subject: r.subject as SubjectOrAll, scope: r.scope }) : null
    const conditions = rule?.conditions ?? (r.scope === null ? { unknown: true } : undefined)
    return [{ action: r.action, subject: r.subject, ...(conditions ? { conditions } : {}) } as AppRawRule]
  })
}

/**
 * A user's direct permissions (beside their role's): the picker offers what the editor holds whole; the screens
 * the user would then open are shown as they are chosen. Saved with the version the editor saw.
 */
export function DirectPermissionsDialog(props: { user: UserDetail; onClose: () => void; onSaved: (u: UserDetail) => void; onReload: () => void }) {
  const { t } = useTranslation()
  const u = props.user
  const editable = u.rules.direct.filter((r) => !r.inverted && r.scope !== null)
  const others = u.rules.direct.length - editable.length
  const [chosen, setChosen] = useState<ChosenPermissions>(() => chosenOf(editable))
  const [submitting, setSubmitting] = useState(false)
  const formError = useFormError()
  const [permissionError, setPermissionError] = useState<string | null>(null)

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault()
    setSubmitting(true)
    formError.clear()
    setPermissionError(null)
    try {
      props.onSaved(await setUserPermissions(u.id, { permissions: chosenPermissions(chosen), version: u.version }))
    } catch (err) {
      const fieldErrors = serverFieldErrors(err) ?? {}
      const aboutPermissions = Object.entries(fieldErrors).find(([k]) => k === 'permissions' || k.startsWith('permissions.'))
      if (aboutPermissions) setPermissionError(aboutPermissions[1][0] ?? null)
      else formError.fail(err)
    } finally {
      setSubmitting(false)
    }
  }

  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={t('userAdmin.permissions.title', { name: u.fullName })}
      testId="direct-permissions-dialog"
      onSubmit={(e) => void submit(e)}
      submitting={submitting}
      {...formError.props}
      onReload={props.onReload}
      size="lg"
    >
      <Stack gap="2">
        <Text color="fg.muted" fontSize="sm">
          {t('userAdmin.permissions.intro')}
        </Text>
        {permissionError ? <FormAlert message={permissionError} fontSize="sm" /> : null}
        {others > 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('rolesAdmin.otherRules', { count: others })}
          </Text>
        ) : null}
        <PermissionPicker chosen={chosen} onChange={setChosen} />
      </Stack>
      <ScreensPreview
        rules={[...previewRules(u.rules.role), ...rawRulesOf(chosen), ...previewRules(u.rules.direct.filter((r) => r.inverted || r.scope === null))]}
        title={t('userAdmin.permissions.screens')}
        testId="direct-permissions-screens"
      />
    </FormDialog>
  )
}
