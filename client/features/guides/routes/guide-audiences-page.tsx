import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { localized } from '../../../../shared/rules/guides'
import type { Audience } from '../../../../shared/schemas/guides'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { snackbar } from '../../../lib/snackbar-store'
import { setGuideAudience, updateCategory } from '../api/guides-api'
import { AudiencePicker, AudienceSummary } from '../components/audience-picker'
import { CategoryIconView } from '../components/category-icon'
import { FormDialog } from '../../../components/ui/form-dialog'
import { useAction } from '../../../components/ui/use-action'
import { useAdminGuides, useCategories, useRefreshGuides } from '../api/guides-queries'

type Target = { kind: 'category' | 'guide'; id: string; name: string; audience: Audience }

/**
 * /guides/categories-and-guides-and-roles (docs/decisions/069): who sees what, on one screen — each category's
 * audience and each of its guides' own, which narrows it further — and a change to either in place.
 */
export default function GuideAudiencesPage() {
  const { t, i18n } = useTranslation()
  const refreshGuides = useRefreshGuides()
  const categories = useCategories()
  const guides = useAdminGuides()
  const [editing, setEditing] = useState<Target | null>(null)

  return (
    <Page title={t('routes.guides-categories-and-guides-and-roles')} breadcrumbs={[{ label: t('nav.groups.guides') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('guides.audiences.intro')}
        </Text>
        <QueryState query={categories} empty={t('guides.categories.empty')}>
          {(data) => (
            <Stack gap="4">
              {data.items.map((c) => {
                const name = localized(c.name, i18n.language as 'sv')
                const own = (guides.data?.items ?? []).filter((g) => g.categoryId === c.id)
                return (
                  <Card.Root key={c.id} data-testid="audience-category">
                    <Card.Header>
                      <HStack justify="space-between" wrap="wrap" gap="2">
                        <Stack gap="0">
                          <HStack gap="2" fontWeight="semibold">
                            <CategoryIconView icon={c.icon} />
                            <Text>{name}</Text>
                          </HStack>
                          <AudienceSummary audience={c.audience} />
                        </Stack>
                        <Button size="xs" variant="outline" onClick={() => setEditing({ kind: 'category', id: c.id, name, audience: c.audience })}>
                          {t('guides.audiences.change')}
                        </Button>
                      </HStack>
                    </Card.Header>
                    <Card.Body>
                      {own.length === 0 ? (
                        <Text color="fg.muted" fontSize="sm">
                          {t('guides.audiences.noGuides')}
                        </Text>
                      ) : (
                        <Stack gap="2" ps={{ md: '4' }} borderStartWidth={{ md: '2px' }}>
                          {own.map((g) => (
                            <HStack key={g.id} justify="space-between" wrap="wrap" gap="2" data-testid="audience-guide">
                              <Stack gap="0">
                                <Text>{g.title}</Text>
                                <AudienceSummary audience={g.audience} />
                              </Stack>
                              <Button size="xs" variant="ghost" onClick={() => setEditing({ kind: 'guide', id: g.id, name: g.title, audience: g.audience })}>
                                {t('guides.audiences.change')}
                              </Button>
                            </HStack>
                          ))}
                        </Stack>
                      )}
                    </Card.Body>
                  </Card.Root>
                )
              })}
            </Stack>
          )}
        </QueryState>
      </Stack>
      {editing ? (
        <AudienceDialog
          target={editing}
          onClose={() => setEditing(null)}
          save={async (audience) => {
            if (editing.kind === 'guide') await setGuideAudience(editing.id, audience)
            else {
              const c = categories.data!.items.find((x) => x.id === editing.id)!
              await updateCategory(c.id, { name: c.name, description: c.description, icon: c.icon, audience, version: c.version })
            }
            snackbar.success(t('guides.audiences.saved', { name: editing.name }))
            void refreshGuides()
          }}
        />
      ) : null}
    </Page>
  )
}

function AudienceDialog(props: { target: Target; onClose: () => void; save: (audience: Audience) => Promise<void> }) {
  const { t } = useTranslation()
  const [audience, setAudience] = useState(props.target.audience)
  const saving = useAction(props.save, { onDone: props.onClose })
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={t('guides.audiences.title', { name: props.target.name })}
      size="lg"
      testId="audience-dialog"
      onSubmit={(e) => {
        e.preventDefault()
        void saving.run(audience)
      }}
      {...saving.dialog}
    >
      <Stack gap="3">
        <Text fontSize="sm" color="fg.muted">
          {props.target.kind === 'category' ? t('guides.categories.audienceHelp') : t('guides.editor.audienceHelp')}
        </Text>
        <AudiencePicker value={audience} onChange={setAudience} />
      </Stack>
    </FormDialog>
  )
}
