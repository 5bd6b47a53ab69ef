import { Badge, Button, Field, HStack, Input, Link, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { formatDate, formatTime, type FormatLanguage } from '../../../../shared/format'
import { PROMISE_QUEUE_AFTER_MS, PROMISE_REMINDER_MS } from '../../../../shared/rules/field'
import type { PromiseEnd, QueuedPromise } from '../../../../shared/schemas/field'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { SectionCard } from '../../../components/ui/section-card'
import { LocalValidationError } from '../../../lib/device-actions'
import { useSellerStore } from '../../../lib/device-store'
import { usePhoneBlocked } from '../../../lib/contact-blocks'
import { useOnline } from '../../../lib/use-online'
import { useLanguage } from '../../../lib/use-language'
import { closePromiseLocally, recordPromiseLocally } from '../api/promise-actions'
import { useMyPromises, type ListedPromise } from '../api/promise-store'
import { usePromiseClosers, usePromiseQueue, useTakePromise } from '../api/field-queries'

/** A local date and time for a datetime-local field. */
const localInput = (at: number) => new Date(at - new Date(at).getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
const when = (at: number, lang: FormatLanguage) => `${formatDate(at, lang)} ${formatTime(at, lang)}`

/**
 * /sales/promises (decision 097): everything the seller promised — door come-backs, call-backs, appointments — soonest
 * first, offline from the device, each with its reminder; kept, not there or cancelled in a tap. Below it, online, the
 * team's queue of promises left overdue, which any teammate may take.
 */
export default function PromisesPage() {
  const { t, lang } = useLanguage()
  const { db, engine } = useSellerStore()
  const promises = useMyPromises(db)
  const online = useOnline()
  const [making, setMaking] = useState<'callBack' | 'appointment' | null>(null)
  // The clock the list is sorted by, moved on every minute (overdue and coming change as time passes).
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000)
    return () => clearInterval(timer)
  }, [])
  const open = (promises ?? []).filter((p) => p.state === 'open')
  const late = open.filter((p) => p.dueAt < now)
  const coming = open.filter((p) => p.dueAt >= now)
  const closed = (promises ?? []).filter((p) => p.state !== 'open')
  const end = async (p: ListedPromise, e: PromiseEnd) => {
    await closePromiseLocally(db, p, e, t)
    engine.afterLocalWrite()
  }
  const list = (rows: ListedPromise[], testId: string) => (
    <Stack gap="2" data-testid={testId}>
      {rows.map((p) => (
        <PromiseItem key={p.id} promise={p} now={now} lang={lang} onEnd={(e) => void end(p, e)} />
      ))}
    </Stack>
  )
  return (
    <Page title={t('routes.sales-promises')}>
      <Text color="fg.muted" maxW="3xl">
        {t('promises.intro', { hours: PROMISE_QUEUE_AFTER_MS / 3_600_000 })}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Button variant="outline" onClick={() => setMaking('callBack')} data-testid="new-call-back">
          {t('promises.newCallBack')}
        </Button>
        <Button variant="outline" onClick={() => setMaking('appointment')} data-testid="new-appointment">
          {t('promises.newAppointment')}
        </Button>
      </HStack>
      {promises && promises.length === 0 ? <Text data-testid="promises-empty">{t('promises.empty')}</Text> : null}
      {late.length > 0 ? <SectionCard title={t('promises.late')}>{list(late, 'promises-late')}</SectionCard> : null}
      {coming.length > 0 ? <SectionCard title={t('promises.coming')}>{list(coming, 'promises-coming')}</SectionCard> : null}
      {closed.length > 0 ? <SectionCard title={t('promises.closed')}>{list(closed, 'promises-closed')}</SectionCard> : null}
      <TeamQueue online={online} onTaken={() => engine.request(0)} />
      {making ? <PromiseDialog kind={making} onClose={() => setMaking(null)} /> : null}
    </Page>
  )
}

function PromiseItem({ promise: p, now, lang, onEnd }: { promise: ListedPromise; now: number; lang: FormatLanguage; onEnd: (e: PromiseEnd) => void }) {
  const { t } = useLanguage()
  const open = p.state === 'open'
  const blocked = usePhoneBlocked(useSellerStore().db, p.phone)
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="l2" p="3" data-testid="promise" data-kind={p.kind}>
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={p.kind === 'appointment' ? 'purple' : p.kind === 'callBack' ? 'blue' : 'green'}>{t(`promises.kinds.${p.kind}`)}</Badge>
        <Text fontWeight="semibold">{when(p.dueAt, lang)}</Text>
        {!open ? <Badge variant="subtle">{t(`promises.ends.${p.state}`)}</Badge> : null}
        {p.sync === 'pending' ? (
          <Badge variant="outline">{p.closerName ? t('promises.waitingFor', { name: p.closerName }) : t('promises.waiting')}</Badge>
        ) : null}
        {p.sync === 'rejected' ? <Badge colorPalette="red">{t('promises.rejected')}</Badge> : null}
        {p.taken ? <Badge colorPalette="orange">{t('promises.fromQueue')}</Badge> : null}
        {blocked ? (
          <Badge colorPalette="red" data-testid="promise-blocked">
            {t('promises.blocked')}
          </Badge>
        ) : null}
      </HStack>
      <Text>{[p.customerName, p.address].filter(Boolean).join(', ')}</Text>
      {p.phone ? (
        <Link href={`tel:${p.phone.replace(/[^\d+]/g, '')}`} color="brand.fg" w="fit-content">
          {p.phone}
        </Link>
      ) : null}
      {p.note ? (
        <Text fontSize="sm" color="fg.muted">
          {p.note}
        </Text>
      ) : null}
      {open && !p.closerName ? (
        <>
          <Text fontSize="sm" color="fg.muted" data-testid="promise-reminder">
            {p.dueAt - PROMISE_REMINDER_MS > now
              ? t('promises.reminder', { time: formatTime(p.dueAt - PROMISE_REMINDER_MS, lang) })
              : t('promises.queueAt', { time: when(p.dueAt + PROMISE_QUEUE_AFTER_MS, lang) })}
          </Text>
          <HStack gap="2" wrap="wrap">
            <Button size="sm" colorPalette="brand" onClick={() => onEnd('kept')} data-testid="promise-kept">
              {t('promises.ends.kept')}
            </Button>
            {p.kind === 'appointment' ? (
              <Button size="sm" variant="outline" onClick={() => onEnd('noShow')} data-testid="promise-no-show">
                {t('promises.ends.noShow')}
              </Button>
            ) : null}
            <Button size="sm" variant="ghost" onClick={() => onEnd('cancelled')} data-testid="promise-cancelled">
              {t('promises.ends.cancelled')}
            </Button>
          </HStack>
        </>
      ) : null}
    </Stack>
  )
}

/** The team's queue (online only): overdue promises no one holds, first come first served. */
function TeamQueue({ online, onTaken }: { online: boolean; onTaken: () => void }) {
  const { t, lang } = useLanguage()
  const queue = usePromiseQueue({ enabled: online })
  const take = useTakePromise(onTaken)
  return (
    <SectionCard title={t('promises.queue')} data-testid="promise-queue">
      {!online ? (
        <Text color="fg.muted">{t('promises.queueOffline')}</Text>
      ) : (
        <QueryState query={queue} empty={t('promises.queueEmpty')} isEmpty={(d) => d.length === 0}>
          {(rows: QueuedPromise[]) => (
            <Stack gap="2">
              {take.error ? <FormAlert message={take.error.message} /> : null}
              {rows.map((q) => (
                <HStack key={q.id} justify="space-between" borderWidth="1px" borderRadius="l2" p="3" data-testid="queued-promise" wrap="wrap">
                  <Stack gap="0">
                    <HStack gap="2">
                      <Badge>{t(`promises.kinds.${q.kind}`)}</Badge>
                      <Text fontWeight="semibold">{when(q.dueAt, lang)}</Text>
                    </HStack>
                    <Text>{[q.customerName, q.address, q.phone].filter(Boolean).join(', ')}</Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('promises.missedBy', { name: q.missedByName, team: q.teamName })}
                    </Text>
                  </Stack>
                  <Button size="sm" onClick={() => take.mutate(q.id)} loading={take.isPending && take.variables === q.id} data-testid="take-promise">
                    {t('promises.take')}
                  </Button>
                </HStack>
              ))}
            </Stack>
          )}
        </QueryState>
      )}
    </SectionCard>
  )
}

/** A call-back or an appointment, made on the device (offline too); an appointment may be booked for a teammate. */
function PromiseDialog({ kind, onClose }: { kind: 'callBack' | 'appointment'; onClose: () => void }) {
  const { t } = useLanguage()
  const { db, engine } = useSellerStore()
  const online = useOnline()
  const closers = usePromiseClosers({ enabled: online && kind === 'appointment' })
  const [form, setForm] = useState(() => ({ customerName: '', phone: '', address: '', note: '', dueAt: localInput(Date.now() + 24 * 3_600_000), closerId: '' }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const set = (k: keyof typeof form) => (e: { target: { value: string } }) => setForm({ ...form, [k]: e.target.value })
  const blocked = usePhoneBlocked(db, form.phone)
  const save = async () => {
    const closerName = closers.data?.find((c) => c.id === form.closerId)?.name
    try {
      await recordPromiseLocally(
        db,
        {
          id: crypto.randomUUID(),
          kind,
          customerName: form.customerName.trim(),
          phone: form.phone.trim() || null,
          address: form.address.trim() || null,
          note: form.note.trim() || null,
          dueAt: new Date(form.dueAt).getTime() || 0,
          closerId: kind === 'appointment' && form.closerId ? form.closerId : null,
          createdAt: Date.now(),
        },
        t,
        closerName,
      )
    } catch (err) {
      if (err instanceof LocalValidationError) return setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])))
      throw err
    }
    engine.afterLocalWrite()
    onClose()
  }
  const input = (key: 'customerName' | 'phone' | 'address', label: string, attrs: Record<string, string> = {}, required = false) => (
    <Field.Root invalid={!!errors[key]} required={required}>
      <Field.Label>{label}</Field.Label>
      <Input value={form[key]} onChange={set(key)} {...attrs} />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  )
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t(kind === 'callBack' ? 'promises.newCallBack' : 'promises.newAppointment')}
      testId="promise-dialog"
      footer={<DialogButtons onCancel={onClose} action={{ label: t('table.save'), onClick: () => void save(), testId: 'promise-save' }} />}
    >
      <Stack gap="3">
        {errors._ ? <FormAlert message={errors._} /> : null}
        {input('customerName', t('promises.customer'), { autoComplete: 'off' }, true)}
        {input('phone', t('promises.phone'), { type: 'tel', inputMode: 'tel' }, kind === 'callBack')}
        {blocked ? (
          <Text color="fg.error" fontSize="sm" data-testid="promise-phone-blocked">
            {t('promises.blockedWarning')}
          </Text>
        ) : null}
        {input('address', t('promises.address'), { autoComplete: 'street-address' }, kind === 'appointment')}
        <Field.Root invalid={!!errors.dueAt} required>
          <Field.Label>{t('promises.dueAt')}</Field.Label>
          <Input type="datetime-local" value={form.dueAt} onChange={set('dueAt')} />
          <Field.HelperText>{t('promises.reminderHelp')}</Field.HelperText>
          <Field.ErrorText>{errors.dueAt}</Field.ErrorText>
        </Field.Root>
        {kind === 'appointment' ? (
          <Field.Root invalid={!!errors.closerId}>
            <Field.Label>{t('promises.closer')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.closerId} onChange={set('closerId')} aria-label={t('promises.closer')}>
                <option value="">{t('promises.myself')}</option>
                {(closers.data ?? []).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{online ? t('promises.closerHelp') : t('promises.closerOffline')}</Field.HelperText>
            <Field.ErrorText>{errors.closerId}</Field.ErrorText>
          </Field.Root>
        ) : null}
        <Field.Root invalid={!!errors.note}>
          <Field.Label>{t('promises.note')}</Field.Label>
          <Textarea rows={2} value={form.note} onChange={set('note')} />
          <Field.ErrorText>{errors.note}</Field.ErrorText>
        </Field.Root>
      </Stack>
    </AppDialog>
  )
}
