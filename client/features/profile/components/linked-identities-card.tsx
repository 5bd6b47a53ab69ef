import { Button, Card, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import { SectionCard } from '../../../components/ui/section-card'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { useLinkedIdentities, useUnlinkIdentity } from '../api/profile-queries'

/**
 * The person's own links to the organisation's identity providers (decision 093): which provider, the e-mail it
 * gave, when it was last used; a link removed signs them in there no more. Shown when there is one.
 */
export function LinkedIdentitiesCard() {
  const { t } = useTranslation()
  const identities = useLinkedIdentities()
  const unlink = useUnlinkIdentity({
    onSuccess: () => snackbar.success(t('profile.identities.unlinked')),
    onError: () => snackbar.error(t('errors.server_error')),
  })
  const items = identities.data?.items ?? []
  if (items.length === 0) return null
  return (
    <SectionCard title={t('profile.identities.title')} variant="outline" data-testid="linked-identities">
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {t('profile.identities.intro')}
        </Text>
        {items.map((identity) => (
          <Card.Root key={identity.id} variant="outline" size="sm" data-testid="linked-identity">
            <Card.Body flexDirection="row" alignItems="center" justifyContent="space-between" gap="3" flexWrap="wrap">
              <Stack gap="0">
                <Text fontWeight="medium">{identity.providerLabel}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {[identity.email, identity.lastUsedAt ? t('profile.identities.lastUsed', { date: identity.lastUsedAt }) : null].filter(Boolean).join(' · ')}
                </Text>
              </Stack>
              <Button
                size="sm"
                variant="outline"
                colorPalette="red"
                loading={unlink.isPending && unlink.variables === identity.id}
                onClick={async () => {
                  const ok = await confirm({
                    title: t('profile.identities.unlinkTitle', { name: identity.providerLabel }),
                    text: t('profile.identities.unlinkText', { name: identity.providerLabel }),
                    confirmLabel: t('profile.identities.unlink'),
                    cancelLabel: t('table.cancel'),
                    destructive: true,
                  })
                  if (ok) unlink.mutate(identity.id)
                }}
              >
                {t('profile.identities.unlink')}
              </Button>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </SectionCard>
  )
}
