import { Button, HStack, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { LeadList } from '../../../../shared/schemas/leads'
import { FilePicker } from '../../../components/ui/file-picker'
import { FormAlert } from '../../../components/ui/form-alert'
import { removeNix, uploadNix } from '../api/leads-api'
import { useAction } from '../../../components/ui/use-action'

/** The NIX answer for the list: chosen, counted by the server, removable. */
export function NixSection({ list, onChanged }: { list: LeadList; onChanged: (list: LeadList) => void }) {
  const { t } = useTranslation()
  const step = useAction((work: () => Promise<LeadList>) => work(), { onDone: onChanged, fieldFirst: true })
  const act = step.run
  const { busy, error } = step
  return (
    <Stack gap="3">
      <Text color="fg.muted">{t('leads.nixHelp')}</Text>
      {error ? <FormAlert message={error} /> : null}
      <Text data-testid="lead-nix-state">{list.nix ? t('leads.nixLoaded', { count: list.nix.numbers, file: list.nix.fileName }) : t('leads.nixNone')}</Text>
      <HStack gap="3" wrap="wrap">
        <FilePicker
          accept=".csv,.txt,.xlsx"
          fileName={list.nix?.fileName ?? null}
          onChange={(f) => f && void act(() => uploadNix(list.id, f))}
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
