import { Button, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import type { z } from 'zod'
import { levelInputSchema, type AdminLevel, type LevelInput } from '../../../../shared/schemas/game'
import { FormDialog } from '../../../components/ui/form-dialog'
import { LoadError } from '../../../components/ui/load-error'
import { errorText } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { snackbar } from '../../../lib/snackbar-store'
import { createLevel, deleteLevel, getAdminLevels, updateLevel } from '../api/game-api'
import { formatPoints } from './game-parts'
import { gameKeys } from '../api/game-keys'
import { useGameAdminSave } from './admin-save'
import { useZodResolver, useFormDialog, TextField, TextAreaField, NumberField } from '../../../components/ui/form-kit'
import { useLanguage } from '../../../lib/use-language'

/** The levels: number, name, the XP each needs, its benefits and how many have reached it. */
export function LevelsPanel() {
  const { t, lang } = useLanguage()
  const client = useQueryClient()
  const query = useQuery({ queryKey: gameKeys.admin.levels(), queryFn: ({ signal }) => getAdminLevels(signal) })
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
    void client.invalidateQueries({ queryKey: gameKeys.all })
  }
  const next = items?.length ? Math.max(...items.map((l) => l.number)) + 1 : 1
  return (
    <Stack gap="4" pt="2">
      <Button alignSelf="start" colorPalette="brand" onClick={() => setEditing('new')} data-testid="new-level">
        {t('game.admin.newLevel')}
      </Button>
      {query.isError && !items ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : !items ? (
        <Skeleton h="40" aria-busy />
      ) : items.length === 0 ? (
        <Text color="fg.muted">{t('game.level.empty')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="l2">
          <Table.Root size="sm" data-testid="admin-levels">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('game.admin.number')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('game.admin.name')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('game.admin.requiredXp')}</Table.ColumnHeader>
                <Table.ColumnHeader minW="60">{t('game.level.benefits')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('game.admin.reachedBy')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((l) => (
                <Table.Row key={l.id} data-testid="admin-level" data-level={l.number}>
                  <Table.Cell>{l.number}</Table.Cell>
                  <Table.Cell fontWeight="medium">{l.name}</Table.Cell>
                  <Table.Cell textAlign="end">{formatPoints(l.requiredXp, lang)}</Table.Cell>
                  <Table.Cell color={l.benefits ? undefined : 'fg.muted'}>{l.benefits || t('game.level.noBenefits')}</Table.Cell>
                  <Table.Cell textAlign="end">{l.reachedBy}</Table.Cell>
                  <Table.Cell>
                    <HStack justify="end" gap="1">
                      <Button size="xs" variant="outline" onClick={() => setEditing(l)}>
                        {t('game.admin.edit')}
                      </Button>
                      <Button size="xs" variant="ghost" colorPalette="red" disabled={l.reachedBy > 0} onClick={() => void remove(l)}>
                        {t('game.admin.remove')}
                      </Button>
                    </HStack>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
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

type FormIn = z.input<typeof levelInputSchema>
type FormOut = z.output<typeof levelInputSchema>
const FIELDS = ['number', 'name', 'requiredXp', 'benefits'] as const

function LevelDialog({ level, nextNumber, onClose, onReload }: { level?: AdminLevel; nextNumber: number; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation()
  const resolver = useZodResolver(levelInputSchema)
  const form = useForm<FormIn, unknown, FormOut>({
    resolver,
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
