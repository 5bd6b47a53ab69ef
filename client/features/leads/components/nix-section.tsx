import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { formatDate } from '../../../../shared/format'
import { businessDay } from '../../../../shared/rules/work'
import { Notice } from '../../../components/ui/notice'
import { useTranslation } from 'react-i18next'
import type { LeadList } from '../../../../shared/schemas/leads'
import { FilePicker } from '../../../components/ui/file-picker'
import { FormAlert } from '../../../components/ui/form-alert'
import { removeNix, uploadNix } from '../api/leads-api'
import { useAction } from '../../../components/ui/use-action'

/**
 * The NIX answer for the list: the day of the check (the list may be used for two months from it, decision 095),
 * chosen, counted by the server, removable; when the check's last day has passed, the list says so.
 */
export function NixSection({ list, onChanged }: { list: LeadList; onChanged: (list: LeadList) => void }) {
  const { t, i18n } = useTranslation()
  const step = useAction((work: () => Promise<LeadList>) => work(), { onDone: onChanged, fieldFirst: true })
  const act = step.run
  const { busy, error } = step
  const [checkedOn, setCheckedOn] = useState(() => businessDay(Date.now()))
  const lang = i18n.language === 'en' || i18n.language === 'fi' ? i18n.language : 'sv'
  const nix = list.nix
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('leads.nixHelp')}</Text>
      {error ? <FormAlert message={error} /> : null}
      <Text data-testid="lead-nix-state">{nix ? t('leads.nixLoaded', { count: nix.numbers, file: nix.fileName }) : t('leads.nixNone')}</Text>
      {nix?.lastDay ? (
        <Notice
          status={nix.usable ? 'info' : 'error'}
          data-testid="lead-nix-window"
          description={
            nix.usable
              ? t('leads.nixValid', { checked: formatDate(nix.checkedOn!, lang), last: formatDate(nix.lastDay, lang) })
              : t('leads.nixExpired', { checked: formatDate(nix.checkedOn!, lang), last: formatDate(nix.lastDay, lang) })
          }
        />
      ) : null}
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root maxW="48">
          <Field.Label>{t('leads.nixCheckedOn')}</Field.Label>
          <Input size="sm" type="date" value={checkedOn} onChange={(e) => setCheckedOn(e.target.value)} data-testid="lead-nix-checked-on" />
        </Field.Root>
        <FilePicker
          accept=".csv,.txt,.xlsx"
          fileName={list.nix?.fileName ?? null}
          onChange={(f) => f && void act(() => uploadNix(list.id, f, checkedOn))}
          testId="lead-nix-file"
        />
        {list.nix ? (
          <Button size="sm" variant="outline" loading={busy} onClick={() => void act(() => removeNix(list.id))}>
            {t('leads.nixRemove')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  )
}
