import { Button, Field, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { PASSWORD_MIN } from '../../../../shared/schemas/auth'
import type { UserImportAnswer } from '../../../../shared/schemas/users'
import { decodeText } from '../../../../shared/text-file'
import { FilePicker } from '../../../components/ui/file-picker'
import { ApiClientError, NetworkError, serverFieldErrors } from '../../../lib/api-client'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { useImportUsers } from '../api/users-queries'
import { useAction } from '../../../components/ui/use-action'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { ImportCheck } from './import-users-check'
import { Notice } from '../../../components/ui/notice'

type Checked = { csv: string; answer: UserImportAnswer }

/**
 * Import of new users from a CSV file (decision 034): the file is checked first (a dry run that writes nothing and
 * shows every row's errors), then the valid rows are imported with one first password. Rows with errors are
 * left out; the server checks the file again as it imports, and says so if anything changed in between.
 */
export function ImportUsersDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation()
  const [file, setFile] = useState<File | null>(null)
  const [checked, setChecked] = useState<Checked | null>(null)
  const [changed, setChanged] = useState<{ created: number; valid: number } | null>(null)
  const [password, setPassword] = useState('')
  const [passwordError, setPasswordError] = useState<string | null>(null)
  const importing = useImportUsers()
  const messageOf = (err: unknown) => {
    if (err instanceof NetworkError) return t('errors.network')
    if (err instanceof ApiClientError) return serverFieldErrors(err)?.csv?.[0] ?? err.message
    return t('errors.server_error')
  }

  // The dry run: every row's errors, nothing written.
  const checking = useAction(
    async (picked: File) => {
      const csv = decodeText(new Uint8Array(await picked.arrayBuffer()))
      setChecked({ csv, answer: await importing({ csv, confirm: false }) })
    },
    {
      onError: (err) => {
        setChecked(null)
        checking.fail(messageOf(err))
        return true
      },
    },
  )
  // The import of the valid rows, checked again by the server as it imports.
  const confirming = useAction((done: Checked) => importing({ csv: done.csv, confirm: true, password }), {
    onError: (err) => {
      const passwordMessage = serverFieldErrors(err)?.password?.[0]
      if (passwordMessage) setPasswordError(passwordMessage)
      else confirming.fail(messageOf(err))
      return true
    },
  })
  const error = checking.error ?? confirming.error
  const busy = checking.busy ? 'checking' : confirming.busy ? 'importing' : null

  const reset = () => {
    setFile(null)
    setChecked(null)
    setChanged(null)
    setPassword('')
    setPasswordError(null)
    checking.clear()
    confirming.clear()
  }

  const check = () => {
    if (!file) return
    confirming.clear()
    setChanged(null)
    void checking.run(file)
  }

  const confirm = async () => {
    if (!checked) return
    if (password.length < PASSWORD_MIN) return setPasswordError(t('validation.tooShort', { min: PASSWORD_MIN }))
    checking.clear()
    setPasswordError(null)
    const answer = await confirming.run(checked)
    if (!answer) return
    if (answer.created === checked.answer.valid) {
      snackbar.success(t('userAdmin.import.done', { count: answer.created }))
      reset()
      onOpenChange(false)
    } else {
      // Something changed since the check (an e-mail taken meanwhile): say what was done, show the rows now.
      setChanged({ created: answer.created, valid: checked.answer.valid })
      setChecked({ csv: checked.csv, answer: { ...answer, valid: 0 } })
    }
  }

  const answer = checked?.answer

  const close = () => {
    reset()
    onOpenChange(false)
  }
  return (
    <AppDialog
      open={open}
      onClose={close}
      title={t('userAdmin.import.title')}
      testId="import-users-dialog"
      size="xl"
      scroll
      footer={
        <DialogButtons
          onCancel={close}
          action={
            answer && answer.valid > 0
              ? { label: t('userAdmin.import.confirm', { count: answer.valid }), loading: busy === 'importing', onClick: () => void confirm() }
              : {
                  label: t('userAdmin.import.check'),
                  disabled: !file,
                  loading: busy === 'checking',
                  loadingText: t('userAdmin.import.checking'),
                  onClick: check,
                }
          }
        />
      }
    >
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('userAdmin.import.intro')}
        </Text>
        <Field.Root>
          <Field.Label>{t('userAdmin.import.file')}</Field.Label>
          <FilePicker
            accept=".csv,text/csv,text/plain"
            fileName={file?.name ?? null}
            testId="import-file"
            onChange={(next) => {
              reset()
              setFile(next)
            }}
          />
        </Field.Root>
        {error ? <Notice status="error" data-testid="import-error" title={error} /> : null}
        {changed ? <Notice status="warning" title={t('userAdmin.import.changed', changed)} /> : null}
        {answer ? <ImportPreview answer={answer} changed={!!changed} password={password} onPassword={setPassword} passwordError={passwordError} /> : null}
      </Stack>
    </AppDialog>
  )
}

/** What the check found, and for the valid rows the first password they get (the rows with errors are left out). */
function ImportPreview(props: { answer: UserImportAnswer; changed: boolean; password: string; onPassword: (p: string) => void; passwordError: string | null }) {
  const { t } = useTranslation()
  const { answer, passwordError } = props
  const invalid = answer.total - answer.valid
  return (
    <Stack gap="3" data-testid="import-preview">
      <ImportCheck answer={answer} changed={props.changed} />
      {answer.valid > 0 ? (
        <Field.Root invalid={!!passwordError} required>
          <Field.Label>
            {t('userAdmin.import.password')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" autoComplete="new-password" value={props.password} onChange={(e) => props.onPassword(e.target.value)} />
          {passwordError ? <Field.ErrorText>{passwordError}</Field.ErrorText> : <Field.HelperText>{t('userAdmin.import.passwordHint')}</Field.HelperText>}
        </Field.Root>
      ) : null}
      {answer.valid > 0 && invalid > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('userAdmin.import.confirmSkips')}
        </Text>
      ) : null}
    </Stack>
  )
}

/** "Importera CSV" and its dialog, for those who may create users. */
export function ImportUsersAction() {
  const { t } = useTranslation()
  const ability = useAbility()
  const [open, setOpen] = useState(false)
  if (!ability.can('create', 'users')) return null
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {t('userAdmin.import.open')}
      </Button>
      <ImportUsersDialog open={open} onOpenChange={setOpen} />
    </>
  )
}
