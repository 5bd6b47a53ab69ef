import { useBreakpointValue } from '@chakra-ui/react'

export type DialogSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl'

/**
 * A dialog's size: the whole screen on a phone, `size` from the sm breakpoint up. Chakra's responsive `size`
 * prop merges the two variants' styles, and the phone's full height stayed on a desktop (issue 12).
 */
export function useDialogSize(size: DialogSize): DialogSize | 'full' {
  return useBreakpointValue({ base: 'full', sm: size } as const, { ssr: false }) ?? size
}
