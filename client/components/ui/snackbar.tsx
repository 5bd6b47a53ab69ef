import { Box, CloseButton, Flex, Text } from '@chakra-ui/react'
import { useEffect, useSyncExternalStore } from 'react'
import { useTranslation } from 'react-i18next'
import { snackbar, type SnackbarColor, type SnackbarIcon } from '../../lib/snackbar-store'

const COLORS: Record<SnackbarColor, string> = {
  blueGrey: '#455A64',
  success: '#2E7D32',
  warning: '#8D5A00',
  error: '#C62828',
  brand: 'var(--sk-primary, #C2185B)',
}

function Icon({ icon }: { icon: SnackbarIcon }) {
  const paths: Record<SnackbarIcon, string> = {
    info: 'M12 16v-4M12 8h.01',
    success: 'M8 12l3 3 5-6',
    warning: 'M12 8v4M12 16h.01',
    error: 'M15 9l-6 6M9 9l6 6',
  }
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
      style={{ flexShrink: 0 }}
    >
      <circle cx="12" cy="12" r="10" />
      <path d={paths[icon]} />
    </svg>
  )
}

/** The snackbar at the bottom of the screen; `snackbar.show(text, options)` (or `.success(text)`, `.error(text)`) opens it from anywhere. */
export function Snackbar() {
  const { t } = useTranslation()
  const state = useSyncExternalStore(snackbar.subscribe, snackbar.get)
  // The message's time runs from when it is on screen, not from when it was asked for.
  useEffect(() => {
    if (state.visible) snackbar.shown(state.id)
  }, [state.visible, state.id])
  return (
    <Box
      position="fixed"
      bottom="4"
      left="50%"
      transform="translateX(-50%)"
      zIndex="toast"
      w="max-content"
      maxW="calc(100vw - 2rem)"
      role="status"
      aria-live="polite"
    >
      {state.visible ? (
        <Flex
          key={state.id}
          data-testid="snackbar"
          data-color={state.color}
          align="center"
          gap="3"
          px="4"
          py="3"
          borderRadius="md"
          boxShadow="lg"
          color="white"
          style={{ background: COLORS[state.color] }}
          animationName="slide-from-bottom, fade-in"
          animationDuration="fast"
        >
          <Icon icon={state.icon} />
          <Text>{state.text}</Text>
          <CloseButton size="xs" color="white" _hover={{ bg: 'whiteAlpha.300' }} aria-label={t('app.close')} onClick={() => snackbar.hide()} />
        </Flex>
      ) : null}
    </Box>
  )
}
