import { HStack, IconButton, Input } from '@chakra-ui/react'
import { nextMonth, previousMonth } from '../../../shared/rules/work'

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/

/** Whether a text is a month (YYYY-MM) that exists, as a screen reads one from its address. */
export const isMonth = (text: string) => MONTH.test(text)

/** A month to look at: the one before, the month itself (typed or picked), the one after. Labels are the screen's. */
export function MonthStepper(props: {
  month: string
  onChange: (month: string) => void
  disabled?: boolean
  labels: { previous: string; month: string; next: string }
}) {
  return (
    <HStack gap="1">
      <IconButton
        size="sm"
        variant="outline"
        aria-label={props.labels.previous}
        disabled={props.disabled}
        onClick={() => props.onChange(previousMonth(props.month))}
      >
        ‹
      </IconButton>
      <Input
        type="month"
        size="sm"
        maxW="44"
        aria-label={props.labels.month}
        value={props.month}
        disabled={props.disabled}
        onChange={(e) => {
          if (MONTH.test(e.currentTarget.value)) props.onChange(e.currentTarget.value)
        }}
      />
      <IconButton size="sm" variant="outline" aria-label={props.labels.next} disabled={props.disabled} onClick={() => props.onChange(nextMonth(props.month))}>
        ›
      </IconButton>
    </HStack>
  )
}
