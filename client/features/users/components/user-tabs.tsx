import { Badge, Button, Card, DataList, HStack, Stack, Text, Wrap } from '@chakra-ui/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate, formatTime } from '../../../../shared/format'
import {
  SENSITIVE_USER_FIELDS,
  USER_EDITABLE_FIELDS,
  type RevealedUserFields,
  type SensitiveUserField,
  type UserDetail,
} from '../../../../shared/schemas/users'
import { ActivityLog } from '../../../components/ui/activity-log'
import { errorText } from '../../../lib/api-client'
import { roleName } from '../../../lib/role-name'
import { snackbar } from '../../../lib/snackbar-store'
import { revealUser } from '../api/users-api'
import { previewRules } from './direct-permissions-dialog'
import { ScreensPreview } from './permission-picker'
import { UserExternalAccounts } from './user-external-accounts'
import { fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useRefreshUsersUserDetail } from '../api/users-queries'

/** The fields a log line of a user shows, by their labels (ids are shown by the names logged beside them). */
const LOGGED: readonly string[] = [...USER_EDITABLE_FIELDS, ...SENSITIVE_USER_FIELDS, 'canViewTeam', 'providers', 'active']

/** A card of labelled values (an empty value reads "none"), and a moment as a date and time. */
function useInfoList() {
  const { t, lang } = useLanguage()
  const date = (ms: number | null) => (ms ? `${formatDate(ms, lang)} ${formatTime(ms, lang)}` : t('userAdmin.detail.none'))
  const item = (label: string, value: ReactNode) => fact(label, value, { empty: t('userAdmin.detail.none') })
  const list = (children: ReactNode) => (
    <Card.Root>
      <Card.Body>
        <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} size="sm">
          {children}
        </DataList.Root>
      </Card.Body>
    </Card.Root>
  )
  return { t, lang, date, item, list }
}

/** The overview: contact, role and place, language, sign-ins, and two-step sign-in (reset by those who may). */
export function UserOverviewTab({ u, onResetMfa }: { u: UserDetail; onResetMfa: () => void }) {
  const { t, date, item, list } = useInfoList()
  return (
    <>
      {list(
        <>
          {item(t('userAdmin.fields.email'), u.email)}
          {item(t('userAdmin.fields.phone'), u.phone)}
          {item(t('userAdmin.fields.shortName'), u.shortName)}
          {item(t('userAdmin.fields.roleId'), roleName(t, u.roleKey, u.roleName))}
          {item(t('userAdmin.fields.teamId'), u.teamName)}
          {item(t('userAdmin.filters.office'), u.officeName)}
          {item(t('userAdmin.filters.region'), u.regionName)}
          {u.coachedTeams.length > 0 ? item(t('userAdmin.detail.coaches'), u.coachedTeams.map((x) => x.name).join(', ')) : null}
          {item(t('userAdmin.detail.language'), t(`userAdmin.detail.languages.${u.language ?? 'none'}`))}
          {item(t('userAdmin.detail.created'), date(u.createdAt))}
          {item(t('userAdmin.detail.lastSignIn'), u.lastSignInAt ? date(u.lastSignInAt) : t('userAdmin.neverSignedIn'))}
          {u.mfa
            ? item(
                t('userAdmin.detail.mfa'),
                <HStack gap="3" data-testid="user-mfa">
                  <Text as="span">{u.mfa.enabled ? t('userAdmin.detail.mfaOn') : t('userAdmin.detail.mfaOff')}</Text>
                  {u.mfa.enabled && u.may.resetMfa ? (
                    <Button size="xs" variant="outline" onClick={() => onResetMfa()}>
                      {t('userAdmin.detail.mfaReset')}
                    </Button>
                  ) : null}
                </HStack>,
              )
            : null}
        </>,
      )}
    </>
  )
}

/** Employment: title, dates, providers, the sensitive fields (masked until shown; each showing is logged), external accounts. */
export function UserEmploymentTab({ u }: { u: UserDetail }) {
  const { t, lang, item, list } = useInfoList()
  const refreshUsersUserDetail = useRefreshUsersUserDetail()
  const [revealed, setRevealed] = useState<RevealedUserFields>({})
  const [revealing, setRevealing] = useState(false)
  const reveal = async () => {
    setRevealing(true)
    try {
      const fields = SENSITIVE_USER_FIELDS.filter((f) => u.sensitive?.[f])
      setRevealed(await revealUser(u.id, fields))
      void refreshUsersUserDetail(u.id)
    } catch (err) {
      snackbar.error(errorText(err, t))
    } finally {
      setRevealing(false)
    }
  }
  return (
    <Stack gap="4">
      {list(
        <>
          {item(t('userAdmin.fields.title'), u.title)}
          {item(t('userAdmin.fields.employeeId'), u.employeeId)}
          {item(t('userAdmin.fields.employmentDate'), u.employmentDate ? formatDate(u.employmentDate, lang) : null)}
          {item(t('userAdmin.fields.educationDate'), u.educationDate ? formatDate(u.educationDate, lang) : null)}
          {item(t('userAdmin.fields.coachAssignedDate'), u.coachAssignedDate ? formatDate(u.coachAssignedDate, lang) : null)}
          {item(t('userAdmin.fields.driversLicense'), u.driversLicense ? t('userAdmin.detail.yes') : t('userAdmin.detail.no'))}
          {item(t('userAdmin.fields.canViewTeam'), u.canViewTeam ? t('userAdmin.detail.yes') : t('userAdmin.detail.no'))}
          {item(
            t('userAdmin.fields.providers'),
            <span data-testid="user-providers">
              {u.providers.length > 0
                ? u.providers.map((p) => (p.active ? p.name : t('orgAdmin.teams.providerArchived', { name: p.name }))).join(', ')
                : t('userAdmin.fields.noProviders')}
            </span>,
          )}
          {item(
            t('userAdmin.fields.teamProvider'),
            u.teamProvider ? (u.teamProvider.active ? u.teamProvider.name : t('orgAdmin.teams.providerArchived', { name: u.teamProvider.name })) : null,
          )}
        </>,
      )}
      <SectionCard
        title={t('userAdmin.detail.sensitive')}
        subtitle={t('userAdmin.detail.sensitiveHelp')}
        data-testid="user-sensitive"
        end={
          u.sensitive && SENSITIVE_USER_FIELDS.some((f) => u.sensitive?.[f]) ? (
            Object.keys(revealed).length > 0 ? (
              <Badge colorPalette="orange">{t('userAdmin.detail.shown')}</Badge>
            ) : (
              <Button size="xs" variant="outline" loading={revealing} onClick={() => void reveal()}>
                {t('userAdmin.detail.show')}
              </Button>
            )
          ) : null
        }
      >
        <DataList.Root orientation={{ base: 'vertical', sm: 'horizontal' }} size="sm">
          {SENSITIVE_USER_FIELDS.map((f: SensitiveUserField) => (
            <DataList.Item key={f}>
              <DataList.ItemLabel>{t(`userAdmin.fields.${f}`)}</DataList.ItemLabel>
              <DataList.ItemValue fontFamily="mono">
                {u.sensitive === undefined ? t('userAdmin.detail.hidden') : (revealed[f] ?? u.sensitive[f] ?? t('userAdmin.detail.none'))}
              </DataList.ItemValue>
            </DataList.Item>
          ))}
        </DataList.Root>
      </SectionCard>
      {u.may.edit ? <UserExternalAccounts userId={u.id} userName={u.fullName} /> : null}
    </Stack>
  )
}

/** What the person keeps about themselves: sizes, diet, emergency contact. */
export function UserPersonalTab({ u }: { u: UserDetail }) {
  const { t, item, list } = useInfoList()
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('userAdmin.detail.ownHelp')}
      </Text>
      {list(
        <>
          {item(t('profile.shoeSize'), u.own.shoeSize)}
          {item(t('profile.tshirtSize'), u.own.tshirtSize)}
          {item(t('profile.specialDiet'), u.own.specialDiet)}
          {item(t('profile.favouriteCake'), u.own.favouriteCake)}
          {item(`${t('profile.emergencyContact')}: ${t('profile.iceName')}`, u.own.iceName)}
          {item(`${t('profile.emergencyContact')}: ${t('profile.icePhone')}`, u.own.icePhone)}
          {item(`${t('profile.emergencyContact')}: ${t('profile.iceRelation')}`, u.own.iceRelation)}
        </>,
      )}
    </Stack>
  )
}

/** The rules of the role and the direct ones, and the screens they open. */
export function UserPermissionsTab({ u, onEdit }: { u: UserDetail; onEdit: () => void }) {
  const { t } = useTranslation()
  const ruleText = (r: UserDetail['rules']['role'][number]) =>
    `${t(`rolesAdmin.actions.${r.action}`, { defaultValue: r.action })}: ${t(`rolesAdmin.subjects.${r.subject}`, { defaultValue: r.subject })}` +
    (r.scope && r.scope !== 'all' ? ` (${t(`rolesAdmin.scopes.${r.scope}`)})` : r.scope === null ? ` (${t('userAdmin.detail.customScope')})` : '')

  return (
    <Stack gap="4">
      <SectionCard title={t('userAdmin.detail.roleRules', { role: roleName(t, u.roleKey, u.roleName) })}>
        <RuleBadges rules={u.rules.role} text={ruleText} testId="user-role-rules" />
      </SectionCard>
      <SectionCard
        title={t('userAdmin.detail.directRules')}
        end={
          u.may.edit ? (
            <Button size="sm" variant="outline" onClick={onEdit}>
              {t('userAdmin.permissions.edit')}
            </Button>
          ) : null
        }
      >
        {u.rules.direct.length === 0 ? (
          <Text color="fg.muted">{t('userAdmin.detail.noDirect')}</Text>
        ) : (
          <RuleBadges rules={u.rules.direct} text={ruleText} colour="blue" testId="user-direct-rules" />
        )}
      </SectionCard>
      <Card.Root>
        <Card.Body>
          <ScreensPreview
            rules={[...previewRules(u.rules.role), ...previewRules(u.rules.direct)]}
            title={t('userAdmin.permissions.screens')}
            testId="user-screens"
          />
        </Card.Body>
      </Card.Root>
    </Stack>
  )
}

/** The user's log: what was changed and by whom, the fields by their labels. */
export function UserLogTab({ u }: { u: UserDetail }) {
  const { t } = useTranslation()
  return (
    <ActivityLog
      lines={u.activity}
      testId="user-log"
      fieldLabel={(k) =>
        k === 'role'
          ? t('userAdmin.fields.roleId')
          : k === 'team'
            ? t('userAdmin.fields.teamId')
            : k === 'fields'
              ? t('userAdmin.detail.sensitive')
              : LOGGED.includes(k)
                ? t(`userAdmin.fields.${k}`)
                : undefined
      }
      formatValue={(k, v) =>
        k === 'fields' && Array.isArray(v)
          ? v.map((f) => t(`userAdmin.fields.${String(f)}`)).join(', ')
          : k === 'language' && typeof v === 'string'
            ? t(`userAdmin.detail.languages.${v}`)
            : k === 'providers' && Array.isArray(v)
              ? v.length > 0
                ? v.join(', ')
                : '–'
              : undefined
      }
    />
  )
}

/** A user's rules as badges; a denied one in red. */
function RuleBadges(props: { rules: UserDetail['rules']['role']; text: (r: UserDetail['rules']['role'][number]) => string; colour?: string; testId?: string }) {
  const { t } = useTranslation()
  return (
    <Wrap gap="1.5" data-testid={props.testId}>
      {props.rules.map((r, i) => (
        <Badge key={i} variant="subtle" colorPalette={r.inverted ? 'red' : (props.colour ?? 'gray')}>
          {props.text(r)}
          {r.inverted ? ` – ${t('userAdmin.detail.denied')}` : ''}
        </Badge>
      ))}
    </Wrap>
  )
}
