import { IconButton } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ChevronIcon } from './icons'

/** Appears after 200 px of scrolling (spec section 9), scrolls smoothly to the top, hidden in print. */
export const SCROLL_TO_TOP_THRESHOLD = 200

export function ScrollToTop() {
  const { t } = useTranslation()
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const onScroll = () => setVisible(window.scrollY > SCROLL_TO_TOP_THRESHOLD)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])
  if (!visible) return null
  return (
    <IconButton
      data-testid="scroll-to-top"
      aria-label={t('app.scrollToTop')}
      position="fixed"
      right="5"
      bottom="16"
      zIndex="docked"
      colorPalette="brand"
      borderRadius="full"
      boxShadow="md"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      css={{ '@media print': { display: 'none' } }}
    >
      <ChevronIcon style={{ transform: 'rotate(-90deg)' }} />
    </IconButton>
  )
}
