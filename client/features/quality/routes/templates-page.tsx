import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { TemplateDetail, TemplateListItem } from '../../../../shared/schemas/quality'
import { Page } from '../../../components/ui/page'
import { errorText } from '../../../lib/api-client'
import { formatDate, type FormatLanguage } from '../../../../shared/format'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { getTemplate, setTemplateActive } from '../api/quality-api'
import { TemplateDialog } from '../components/template-dialog'
import { qualityKeys } from '../api/quality-keys'
import { CreateButton, QueryTable } from '../../../components/ui/record-table'
import { useRefreshQualityTemplates, useTemplates } from '../api/quality-queries'

/**
 * /backoffice/salequality/templates (docs/decisions/045): the survey templates, the one in use per provider and the
 * default, each with its newest version and how many surveys were answered with it; an editor for the questions,
 * grades and sampling.
 */
export default function TemplatesPage() {
  const { t, i18n } = useTranslation()
  const ability = useAbility()
  const queryClient = useQueryClient()
  const refreshQualityTemplates = useRefreshQualityTemplates()
  const templates = useTemplates()
  const [editing, setEditing] = useState<TemplateDetail | 'new' | null>(null)
  const [opening, setOpening] = useState<string | null>(null)
  const [switching, setSwitching] = useState<string | null>(null)
  const may = { create: ability.can('create', 'sale_quality_templates'), update: ability.can('update', 'sale_quality_templates') }
  const refresh = () => void refreshQualityTemplates()

  /** The editor opens with the template's newest version, read afresh. */
  const edit = async (x: TemplateListItem) => {
    setOpening(x.id)
    try {
      setEditing(await queryClient.fetchQuery({ queryKey: qualityKeys.template(x.id), queryFn: ({ signal }) => getTemplate(x.id, signal), staleTime: 0 }))
    } catch (err) {
      snackbar.error(errorText(err, t))
    } finally {
      setOpening(null)
    }
  }

  const toggle = async (x: TemplateListItem) => {
    setSwitching(x.id)
    try {
      await setTemplateActive(x.id, !x.active, x.version)
      snackbar.success(t(x.active ? 'quality.templates.deactivated' : 'quality.templates.activated', { name: x.name }))
    } catch (err) {
      snackbar.error(errorText(err, t))
    } finally {
      setSwitching(null)
      refresh()
    }
  }

  return (
    <Page title={t('routes.backoffice-salequality-templates')} breadcrumbs={[{ label: t('nav.groups.saleQuality') }]}>
      <Stack gap="4">
        <Text color="fg.muted" fontSize="sm">
          {t('quality.templates.intro')}
        </Text>
        <CreateButton show={may.create} label={t('quality.templates.create')} onClick={() => setEditing('new')} />
        <QueryTable
          query={templates}
          empty={t('quality.templates.empty')}
          emptyTestId="quality-templates-empty"
          label={t('routes.backoffice-salequality-templates')}
          rowKey={(x) => x.id}
          rowTestId="quality-template-row"
          columns={[
            {
              header: t('quality.templates.name'),
              cell: (x) => (
                <>
                  <Text fontWeight="medium">{x.name}</Text>
                  <Text fontSize="xs" color="fg.muted">
                    {x.provider?.name ?? t('quality.templates.defaultProvider')}
                  </Text>
                </>
              ),
            },
            {
              header: t('quality.templates.status'),
              cell: (x) => (
                <Badge colorPalette={x.active ? 'green' : 'gray'} data-testid="quality-template-status">
                  {t(x.active ? 'quality.templates.active' : 'quality.templates.inactive')}
                </Badge>
              ),
            },
            { header: t('quality.templates.version'), hideBelow: 'sm', cell: (x) => t('quality.templates.versionN', { n: x.versionNumber }) },
            { header: t('quality.templates.answered'), end: true, cell: (x) => x.answered },
            { header: t('quality.templates.updated'), hideBelow: 'md', cell: (x) => formatDate(x.updatedAt, i18n.language as FormatLanguage) },
          ]}
          actions={
            may.update
              ? (x) => (
                  <HStack justify="flex-end" gap="1" flexWrap="wrap">
                    <Button
                      size="xs"
                      variant="outline"
                      loading={opening === x.id}
                      onClick={() => void edit(x)}
                      aria-label={`${t('quality.templates.edit')}: ${x.name}`}
                    >
                      {t('quality.templates.edit')}
                    </Button>
                    <Button size="xs" variant="ghost" loading={switching === x.id} onClick={() => void toggle(x)}>
                      {t(x.active ? 'quality.templates.deactivate' : 'quality.templates.activate')}
                    </Button>
                  </HStack>
                )
              : undefined
          }
        />
      </Stack>
      {editing ? (
        <TemplateDialog
          template={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            snackbar.success(message)
            refresh()
          }}
          onConflict={refresh}
        />
      ) : null}
    </Page>
  )
}
