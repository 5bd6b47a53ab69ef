import { Input, Stack } from '@chakra-ui/react'
import type { UseQueryResult } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormDialog, useFormError } from './form-dialog'
import { FormField } from './form-field'
import { applyFieldErrors } from '../../lib/api-client'
import { snackbar } from '../../lib/snackbar-store'
import { ConfirmDeleteDialog } from './confirm-delete-dialog'
import { CreateButton, QueryTable } from './record-table'
import { RecordLink } from './detail-kit'
import { RowActions } from './row-actions'

export type NamedRow = { id: string; name: string }

/**
 * A short list of things that are a name and what they hold (regions, user titles): the table with its counts, a
 * create button, a rename dialog sending the name the editor saw, and a delete that says why it cannot while the
 * thing holds something. The words are `<keys>.create`, `.edit`, `.delete`, `.name`, `.empty`, `.createTitle`,
 * `.editTitle`, `.deleteTitle`, `.deleteText`, `.deleteBlocked` (count), `.created`, `.saved`, `.deleted` (name);
 * the test ids `<testId>-row`, `<testId>-dialog` and `delete-<testId>`.
 */
export function NamedList<T extends NamedRow>(props: {
  keys: string
  label: string
  rows: UseQueryResult<{ items: T[] }>
  counts: Array<{ header: string; value: (row: T) => number; hideBelow?: 'sm' }>
  may: { create: boolean; update: boolean; delete: boolean }
  /** what keeps a row from being deleted (a count above 0) */
  holds: (row: T) => number
  nameMax: number
  testId: string
  save: (existing: T | null, name: string) => Promise<T>
  remove: (row: T) => Promise<unknown>
  onChanged: () => void
  /** a row's own page, when it has one: the name links to it */
  href?: (row: T) => string
}) {
  const { t } = useTranslation()
  const { keys, rows, may } = props
  const [editing, setEditing] = useState<T | 'new' | null>(null)
  const [deleting, setDeleting] = useState<T | null>(null)
  const actions = may.update || may.delete
  const done = (message: string) => {
    snackbar.success(message)
    props.onChanged()
  }

  return (
    <Stack gap="4">
      <CreateButton show={may.create} label={t(`${keys}.create`)} onClick={() => setEditing('new')} />
      <QueryTable
        query={rows}
        empty={t(`${keys}.empty`)}
        label={props.label}
        rowKey={(r) => r.id}
        rowTestId={`${props.testId}-row`}
        columns={[
          { header: t(`${keys}.name`), strong: true, cell: (r) => (props.href ? <RecordLink to={props.href(r)}>{r.name}</RecordLink> : r.name) },
          ...props.counts.map((c) => ({ header: c.header, end: true, hideBelow: c.hideBelow, cell: c.value })),
        ]}
        actions={
          actions
            ? (r) => (
                <RowActions
                  name={r.name}
                  editLabel={t(`${keys}.edit`)}
                  deleteLabel={t(`${keys}.delete`)}
                  onEdit={may.update ? () => setEditing(r) : undefined}
                  onDelete={may.delete ? () => setDeleting(r) : undefined}
                />
              )
            : undefined
        }
      />
      {editing ? (
        <NameDialog
          keys={keys}
          existing={editing === 'new' ? null : editing}
          nameMax={props.nameMax}
          testId={`${props.testId}-dialog`}
          save={props.save}
          onClose={() => setEditing(null)}
          onSaved={done}
          onConflict={() => void rows.refetch()}
        />
      ) : null}
      <ConfirmDeleteDialog
        open={deleting !== null}
        title={t(`${keys}.deleteTitle`, { name: deleting?.name ?? '' })}
        text={t(`${keys}.deleteText`)}
        blocked={deleting && props.holds(deleting) > 0 ? t(`${keys}.deleteBlocked`, { count: props.holds(deleting) }) : null}
        deleteLabel={t(`${keys}.delete`)}
        testId={`delete-${props.testId}`}
        onDelete={async () => {
          await props.remove(deleting!)
          done(t(`${keys}.deleted`, { name: deleting!.name }))
        }}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  )
}

/** The create and rename dialog of a named thing (also on its own page, e.g. a region's). */
export function NameDialog<T extends NamedRow>(props: {
  keys: string
  existing: T | null
  nameMax: number
  testId: string
  save: (existing: T | null, name: string) => Promise<T>
  onClose: () => void
  onSaved: (message: string) => void
  onConflict: () => void
}) {
  const { t } = useTranslation()
  const { keys, existing } = props
  const form = useForm<{ name: string }>({ defaultValues: { name: existing?.name ?? '' } })
  const formError = useFormError(props.onConflict)
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async ({ name }) => {
    formError.clear()
    try {
      const saved = await props.save(existing, name)
      props.onSaved(t(existing ? `${keys}.saved` : `${keys}.created`, { name: saved.name }))
      props.onClose()
    } catch (err) {
      if (!applyFieldErrors(err, form.setError, ['name'])) {
        formError.fail(err)
      }
    }
  })
  return (
    <FormDialog
      open
      onClose={props.onClose}
      title={existing ? t(`${keys}.editTitle`, { name: existing.name }) : t(`${keys}.createTitle`)}
      testId={props.testId}
      onSubmit={submit}
      submitting={isSubmitting}
      {...formError.props}
      onReload={props.onClose}
    >
      <FormField label={t(`${keys}.name`)} error={errors.name} required>
        <Input
          autoComplete="off"
          {...form.register('name', {
            validate: (v) => (v.trim() === '' ? 'validation.required' : v.trim().length > props.nameMax ? 'validation.tooLong' : true),
          })}
        />
      </FormField>
    </FormDialog>
  )
}
