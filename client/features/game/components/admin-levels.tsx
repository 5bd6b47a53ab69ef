import { Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { levelInputSchema, type AdminLevel, type LevelInput } from '../../../../shared/schemas/game'
import { FormDialog } from '../../../components/ui/form-dialog'
import { QueryTable } from '../../../components/ui/record-table'
import { errorText } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { createLevel, deleteLevel, updateLevel } from '../api/game-api'
import { formatPoints } from './game-parts'
import { useGameAdminSave } from './admin-save'
import { useSchemaForm, useFormDialog, TextField, TextAreaField, NumberField } from '../../../components/ui/form-kit'
import { useLanguage } from '../../../lib/use-language'
import { useAdminLevels, useRefreshGame } from '../api/game-queries'

/** The levels: number, name, the XP each needs, its benefits and how many have reached it. */
export function LevelsPanel() {
  const { t, lang } = useLanguage()
  const refreshGame = useRefreshGame()
  const query = useAdminLevels()
  const [editing, setEditing] = useState<AdminLevel | 'new' | null>(null)
  const items = query.data?.items
  const remove = async (level: AdminLevel) => {
    const ok = await confirm({
      title: t('game.admin.removeLevelTitle', { name: level.name }),
      text: t('game.admin.removeLevelText'),
      confirmLabel: t('game.admin.remove'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (!ok) return
    try {
      await deleteLevel(level.id, level.version)
      snackbar.success(t('game.admin.levelRemoved', { name: level.name }))
    } catch (err) {
      snackbar.error(errorText(err, t))
    }
    void refreshGame()
  }
  const next = items?.length ? Math.max(...items.map((l) => l.number)) + 1 : 1
  return (
    <Stack gap="4" pt="2">
      <Button alignSelf="start" colorPalette="brand" onClick={() => setEditing('new')} data-testid="new-level">
        {t('game.admin.newLevel')}
      </Button>
      <QueryTable<AdminLevel>
        query={query}
        empty={t('game.level.empty')}
        rowKey={(l) => l.id}
        testId="admin-levels"
        rowTestId="admin-level"
        columns={[
          { header: t('game.admin.number'), cell: (l) => l.number },
          { header: t('game.admin.name'), cell: (l) => l.name, strong: true },
          { header: t('game.admin.requiredXp'), cell: (l) => formatPoints(l.requiredXp, lang), end: true },
          {
            header: t('game.level.benefits'),
            cell: (l) => (l.benefits ? l.benefits : <Text color="fg.muted">{t('game.level.noBenefits')}</Text>),
          },
          { header: t('game.admin.reachedBy'), cell: (l) => l.reachedBy, end: true },
        ]}
        actions={(l) => (
          <HStack justify="end" gap="1">
            <Button size="xs" variant="outline" onClick={() => setEditing(l)}>
              {t('game.admin.edit')}
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" disabled={l.reachedBy > 0} onClick={() => void remove(l)}>
              {t('game.admin.remove')}
            </Button>
          </HStack>
        )}
      />
      {editing ? (
        <LevelDialog
          key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`}
          level={editing === 'new' ? undefined : editing}
          nextNumber={next}
          onClose={() => setEditing(null)}
          onReload={() => {
            setEditing(null)
            void query.refetch()
          }}
        />
      ) : null}
    </Stack>
  )
}

const FIELDS = ['number', 'name', 'requiredXp', 'benefits'] as const

function LevelDialog({ level, nextNumber, onClose, onReload }: { level?: AdminLevel; nextNumber: number; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const form = useSchemaForm(levelInputSchema, {
    defaultValues: level
      ? { number: level.number, name: level.name, requiredXp: level.requiredXp, benefits: level.benefits }
      : { number: nextNumber, name: '', requiredXp: 0, benefits: '' },
  })
  const save = useGameAdminSave((name) => t('game.admin.levelSaved', { name }), onClose)
  const dialog = useFormDialog(form, {
    onClose,
    onReload,
    fields: FIELDS,
    save: (values) => save(level, values as LevelInput, { create: createLevel, update: updateLevel }),
  })
  return (
    <FormDialog title={level ? t('game.admin.editLevel') : t('game.admin.newLevel')} testId="level-dialog" {...dialog.props}>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <NumberField form={form} name="number" label={t('game.admin.number')} min={1} required />
        <NumberField form={form} name="requiredXp" label={t('game.admin.requiredXp')} min={0} required />
      </SimpleGrid>
      <TextField form={form} name="name" label={t('game.admin.name')} autoComplete="off" required />
      <TextAreaField form={form} name="benefits" label={t('game.level.benefits')} rows={3} helper={t('game.admin.benefitsHelp')} />
    </FormDialog>
  )
}
