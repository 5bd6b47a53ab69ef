import { Button, CloseButton, Drawer, Field, Grid, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { formatDate, formatTime } from '../../../../shared/format'
import { VISIT_OUTCOMES, type VisitOutcome } from '../../../../shared/schemas/field'
import { AppDialog, DialogButtons } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import type { OfflineDb } from '../../../lib/offline-db'
import type { SyncEngine } from '../../../lib/sync-engine'
import { LocalValidationError } from '../../../lib/device-actions'
import { recordVisitLocally } from '../api/local-actions'
import { useComeBacks } from '../api/seller-store'
import { positionWithin, readPosition, usePositionPolicy } from '../../../lib/position'
import { SalePositionChoice } from './sale-position'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'
import { useLook } from '../../../lib/preferences'

/** A local date and time for a datetime-local field, an hour from now by default. */
const localInput = (at: number) => {
  const d = new Date(at - new Date(at).getTimezoneOffset() * 60_000)
  return d.toISOString().slice(0, 16)
}

/**
 * The door's outcome in a tap or two (decision 073), offline like a sale: not home, not interested, come back (a time:
 * a reminder before it), or a sale (the sale form opens with the address). The come-backs ahead are listed.
 */
export function DoorCard({ db, engine, sheet }: { db: OfflineDb; engine: SyncEngine; sheet?: { open: boolean; onClose: () => void } }) {
  const { t, lang } = useLanguage()
  const navigate = useNavigate()
  const comeBacks = useComeBacks(db)
  const policy = usePositionPolicy()
  const [outcome, setOutcome] = useState<VisitOutcome | null>(null)
  const [door, setDoor] = useState(() => ({ address: '', postalCode: '', city: '', note: '', comeBackAt: localInput(Date.now() + 3600_000) }))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const close = () => {
    setOutcome(null)
    setErrors({})
  }
  const save = async () => {
    const at = Date.now()
    // Where the door is, with the organisation's setting and the seller's yes (decision 074): one reading, a few seconds at most.
    const position = await positionWithin(readPosition(), 3000)
    try {
      await recordVisitLocally(
        db,
        {
          id: crypto.randomUUID(),
          outcome: outcome!,
          address: door.address,
          postalCode: door.postalCode || null,
          city: door.city || null,
          note: door.note || null,
          comeBackAt: outcome === 'comeBack' ? new Date(door.comeBackAt).getTime() || null : null,
          visitedAt: at,
          position,
          runId: null,
        },
        t,
      )
    } catch (err) {
      if (err instanceof LocalValidationError) return setErrors(Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [k, v[0] ?? ''])))
      throw err
    }
    engine.afterLocalWrite()
    if (outcome === 'sale') {
      const q = new URLSearchParams({ address: door.address, postalCode: door.postalCode, city: door.city })
      return navigate(`/sales/create?${q}`)
    }
    setDoor((d) => ({ ...d, address: '', note: '' }))
    close()
  }
  const choose = (o: VisitOutcome) => {
    // A come-back is an hour from the moment the door closed, unless the seller says otherwise.
    if (o === 'comeBack') setDoor((d) => ({ ...d, comeBackAt: localInput(Date.now() + 3600_000) }))
    sheet?.onClose()
    setOutcome(o)
  }
  const field = (key: 'address' | 'postalCode' | 'city', label: string, attrs: Record<string, string> = {}) => (
    <Field.Root invalid={!!errors[key]} required={key === 'address'}>
      <Field.Label>{label}</Field.Label>
      <Input value={door[key]} onChange={(e) => setDoor({ ...door, [key]: e.target.value })} {...attrs} />
      <Field.ErrorText>{errors[key]}</Field.ErrorText>
    </Field.Root>
  )
  return (
    <>
      <SectionCard title={t('doors.title')} data-testid="door-card">
        <Stack gap="3">
          <OutcomeButtons onPick={choose} />
          <SalePositionChoice position={{ offered: policy.organisation, on: policy.organisation && policy.seller }} testId="door-position" />
          {comeBacks && comeBacks.length > 0 ? (
            <Stack gap="1" data-testid="door-come-backs">
              <Text fontWeight="semibold" fontSize="sm">
                {t('doors.comeBacks')}
              </Text>
              {comeBacks.map((v) => (
                <Text key={v.id} fontSize="sm">
                  {formatDate(v.comeBackAt!, lang)} {formatTime(v.comeBackAt!, lang)} · {[v.address, v.city].filter(Boolean).join(', ')}
                  {v.sync === 'pending' ? ` · ${t('doors.waiting')}` : ''}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </SectionCard>
      {sheet ? <OutcomeSheet open={sheet.open} onClose={sheet.onClose} onPick={choose} /> : null}
      <AppDialog
        open={outcome !== null}
        onClose={close}
        title={outcome ? t(`doors.outcomes.${outcome}`) : ''}
        testId="door-dialog"
        footer={
          <DialogButtons
            onCancel={close}
            action={{ label: outcome === 'sale' ? t('doors.toSale') : t('table.save'), onClick: () => void save(), testId: 'door-save' }}
          />
        }
      >
        <Stack gap="3">
          {errors._ ? <FormAlert message={errors._} /> : null}
          {field('address', t('sales.address'), { autoComplete: 'street-address' })}
          <Grid templateColumns="1fr 2fr" gap="2">
            {field('postalCode', t('sales.postalCode'), { inputMode: 'numeric', autoComplete: 'postal-code' })}
            {field('city', t('sales.city'), { autoComplete: 'address-level2' })}
          </Grid>
          {outcome === 'comeBack' ? (
            <Field.Root invalid={!!errors.comeBackAt} required>
              <Field.Label>{t('doors.comeBackAt')}</Field.Label>
              <Input type="datetime-local" value={door.comeBackAt} onChange={(e) => setDoor({ ...door, comeBackAt: e.target.value })} />
              <Field.HelperText>{t('doors.reminder')}</Field.HelperText>
              <Field.ErrorText>{errors.comeBackAt}</Field.ErrorText>
            </Field.Root>
          ) : null}
          <Field.Root invalid={!!errors.note}>
            <Field.Label>{t('doors.note')}</Field.Label>
            <Textarea rows={2} value={door.note} onChange={(e) => setDoor({ ...door, note: e.target.value })} />
            <Field.ErrorText>{errors.note}</Field.ErrorText>
          </Field.Root>
        </Stack>
      </AppDialog>
    </>
  )
}

/** The four outcomes, two by two; in field mode each at least 48 px high (docs/decisions/089). */
function OutcomeButtons({ onPick, size }: { onPick: (o: VisitOutcome) => void; size?: 'xl' }) {
  const { t } = useLanguage()
  const { field } = useLook()
  return (
    <Grid templateColumns="1fr 1fr" gap="2">
      {VISIT_OUTCOMES.map((o) => (
        <Button
          key={o}
          variant={o === 'sale' ? 'solid' : 'outline'}
          colorPalette={o === 'sale' ? 'brand' : undefined}
          size={size ?? (field ? 'xl' : 'md')}
          onClick={() => onPick(o)}
          data-testid={`door-${o}`}
        >
          {t(`doors.outcomes.${o}`)}
        </Button>
      ))}
    </Grid>
  )
}

/** The outcomes as a sheet from the bottom edge, opened from the thumb dock: all four in the thumb's reach. */
function OutcomeSheet({ open, onClose, onPick }: { open: boolean; onClose: () => void; onPick: (o: VisitOutcome) => void }) {
  const { t } = useLanguage()
  return (
    <Drawer.Root lazyMount unmountOnExit open={open} onOpenChange={(e) => (e.open ? undefined : onClose())} placement="bottom">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content roundedTop="l3" pb="max(1rem, env(safe-area-inset-bottom))" data-testid="door-sheet">
            <Drawer.Header>
              <Drawer.Title>{t('doors.sheet')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <OutcomeButtons onPick={onPick} size="xl" />
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="md" aria-label={t('app.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  )
}
