import { Button, CloseButton, HStack, Stack, Tag, Text, Wrap } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { fetchLookup } from './lookup/lookup-api'
import { LookupCombobox } from './lookup/lookup-select'

export type Person = { id: string; name: string }

/**
 * People chosen in a dialog (a team's coaches, a coach group's): the chosen as tags to remove, and a search to add
 * one more, up to `max`. A person added is named by id from the lookup (the picker's own label may come after the
 * click on a slow phone).
 */
export function PeoplePicker(props: {
  label: string
  none: string
  addLabel: string
  removeLabel: (name: string) => string
  people: Person[]
  /** an update of the chosen (a state setter takes it as is) */
  onChange: (update: (now: Person[]) => Person[]) => void
  max: number
  error: string | null
  testId: string
}) {
  const { t } = useTranslation()
  const [adding, setAdding] = useState<string | undefined>(undefined)
  const { people } = props
  return (
    <Stack gap="2">
      <Text fontWeight="medium" fontSize="sm">
        {props.label}
      </Text>
      {people.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {props.none}
        </Text>
      ) : (
        <Wrap gap="2" data-testid={props.testId}>
          {people.map((c) => (
            <Tag.Root key={c.id} size="lg">
              <Tag.Label>{c.name}</Tag.Label>
              <Tag.EndElement>
                <CloseButton size="2xs" aria-label={props.removeLabel(c.name)} onClick={() => props.onChange((now) => now.filter((x) => x.id !== c.id))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
      {people.length < props.max ? (
        <HStack align="end" gap="2">
          <Stack flex="1" minW="0">
            <LookupCombobox kind="users" label={props.addLabel} placeholder={t('orgAdmin.teams.findPerson')} inDialog value={adding} onChange={setAdding} />
          </Stack>
          <Button
            size="sm"
            variant="outline"
            disabled={!adding || people.some((c) => c.id === adding)}
            onClick={() => {
              if (!adding) return
              const id = adding
              void fetchLookup('users', { ids: id })
                .then((found) => found.items.find((i) => i.id === id)?.label ?? id)
                .catch(() => id)
                .then((name) => props.onChange((now) => (now.some((c) => c.id === id) ? now : [...now, { id, name }])))
              setAdding(undefined)
            }}
          >
            {t('orgAdmin.teams.add')}
          </Button>
        </HStack>
      ) : null}
      {props.error ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  )
}
