import { Box, Combobox, NativeSelect, Portal, Spinner, Text, useListCollection } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { LookupWithin } from '../../../../shared/schemas/lookups'
import { useLookup, type LookupItem, type LookupKind } from './lookup-api'

type Props = {
  kind: LookupKind
  label: string
  value: string | undefined
  onChange: (id: string | undefined) => void
  parentId?: string
  /** an office filter of a list: only the offices some of whose records of that list the reader may see */
  within?: LookupWithin
  /** the first choice's text when it is not a filter's "all" (a required choice: "Choose…") */
  emptyLabel?: string
  /** told the chosen one's label, for a form that names it afterwards */
  onLabel?: (label: string) => void
  /** the empty input's hint when it is not a filter's "all" */
  placeholder?: string
  /** inside a modal dialog: the list stays in the dialog (a portal outside it would be hidden from the dialog's user) */
  inDialog?: boolean
}

/**
 * A filter's choice from a short list (providers, offices): a native select of every choice the user may see,
 * "all" first. The phone shows its own picker.
 */
export function LookupNativeSelect(props: Props) {
  const { t } = useTranslation()
  const choices = useLookup(props.kind, { parentId: props.parentId, within: props.within })
  return (
    <NativeSelect.Root size="sm" disabled={choices.isPending && !choices.data}>
      <NativeSelect.Field
        aria-label={props.label}
        value={props.value ?? ''}
        onChange={(e) => {
          const id = e.currentTarget.value || undefined
          props.onChange(id)
          const label = choices.data?.items.find((i) => i.id === id)?.label
          if (label) props.onLabel?.(label)
        }}
      >
        <option value="">{props.emptyLabel ?? t('lookup.all', { what: props.label })}</option>
        {(choices.data?.items ?? []).map((item) => (
          <option key={item.id} value={item.id}>
            {item.label}
            {item.inactive ? ` (${t('table.inactive').toLowerCase()})` : ''}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  )
}

/**
 * A filter's choice from a long list (people, teams): type to search on the server (300 ms after typing stops),
 * the chosen one's name restored from its id when the filter comes from a link.
 */
export function LookupCombobox(props: Props) {
  const { t } = useTranslation()
  const [input, setInput] = useState('')
  const [search, setSearch] = useState('')
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 300)
    return () => clearTimeout(timer)
  }, [input])
  const found = useLookup(props.kind, { q: search || undefined, parentId: props.parentId }, true, true)
  // The chosen one's label when the filter came from the URL and is not among the found ones.
  const chosen = useLookup(props.kind, { ids: props.value }, !!props.value)
  const { collection, set } = useListCollection<LookupItem>({
    initialItems: [],
    itemToString: (item) => item.label,
    itemToValue: (item) => item.id,
  })
  // Until the answer to what is typed arrives (the pause before asking, then the request), the last answer is shown
  // narrowed by the typed text, so the list never empties or jumps under a finger: an option still there when the
  // answer comes stays the same element.
  const answered = search === input && !found.isPlaceholderData
  const needle = input.trim().toLocaleLowerCase()
  useEffect(() => {
    const items = found.data?.items ?? []
    set(answered || !needle ? items : items.filter((i) => i.label.toLocaleLowerCase().includes(needle)))
  }, [found.data, set, answered, needle])
  const chosenLabel = chosen.data?.items.find((i) => i.id === props.value)?.label

  return (
    <Combobox.Root
      size="sm"
      collection={collection}
      value={props.value ? [props.value] : []}
      inputValue={input || (props.value ? (chosenLabel ?? '') : '')}
      onInputValueChange={(e) => setInput(e.inputValue)}
      onValueChange={(e) => {
        setInput('')
        props.onChange(e.value[0])
        const label = e.items[0]?.label
        if (label) props.onLabel?.(label)
      }}
      onOpenChange={(e) => {
        if (!e.open) setInput('')
      }}
      openOnClick
      selectionBehavior="replace"
      positioning={{ sameWidth: true }}
    >
      <Combobox.Control>
        <Combobox.Input aria-label={props.label} placeholder={props.placeholder ?? t('lookup.all', { what: props.label })} />
        <Combobox.IndicatorGroup>
          {found.isFetching ? <Spinner size="xs" /> : null}
          <Combobox.ClearTrigger aria-label={t('lookup.clear', { what: props.label })} />
          <Combobox.Trigger />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal disabled={props.inDialog}>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{found.isFetching ? t('lookup.searching') : t('lookup.none')}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item key={item.id} item={item}>
                <Box>
                  <Text>{item.label}</Text>
                  {item.hint ? (
                    <Text fontSize="xs" color="fg.muted">
                      {item.hint}
                      {item.inactive ? ` · ${t('table.inactive')}` : ''}
                    </Text>
                  ) : null}
                </Box>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  )
}
