import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import SignaturePad from 'signature_pad'

/** A name written as a signature: in a slanted hand's style, fitted to the pad's width, on its baseline. */
function writeName(el: HTMLCanvasElement, name: string) {
  const ctx = el.getContext('2d')
  if (!ctx) return
  const width = el.offsetWidth
  const height = el.offsetHeight
  let size = Math.round(height * 0.45)
  const font = (px: number) => `italic 500 ${px}px "Segoe Script", "Brush Script MT", "Snell Roundhand", cursive, Georgia, serif`
  ctx.font = font(size)
  while (size > 12 && ctx.measureText(name).width > width - 24) ctx.font = font(--size)
  ctx.fillStyle = '#111827'
  ctx.textBaseline = 'alphabetic'
  ctx.fillText(name, 12, height * 0.68)
}

/**
 * A drawn signature (the well-kept `signature_pad`): a canvas sized to its box at the screen's pixel ratio, drawn with
 * a finger or a mouse; `onChange` gets the drawing as a PNG data URL, or null once it is cleared. With `fromName`, a
 * button writes the typed name in the pad instead, for a person who cannot draw with a drag (WCAG 2.2, 2.5.7).
 */
export function SignatureField(props: {
  label: string
  clearLabel: string
  error?: string
  onChange: (png: string | null) => void
  testId?: string
  fromName?: { label: string; name: string }
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
  /** the name written in the pad, drawn again when the pad is fitted to a new size */
  const written = useRef<string | null>(null)
  const { onChange } = props
  useEffect(() => {
    const el = canvas.current
    if (!el) return
    const p = new SignaturePad(el, { penColor: '#111827', backgroundColor: 'rgba(255,255,255,0)', minWidth: 0.8, maxWidth: 2.4 })
    pad.current = p
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1)
      const data = p.toData()
      el.width = el.offsetWidth * ratio
      el.height = el.offsetHeight * ratio
      el.getContext('2d')?.scale(ratio, ratio)
      p.clear()
      p.fromData(data)
      if (written.current) writeName(el, written.current)
    }
    fit()
    const changed = () => onChange(p.isEmpty() ? null : p.toDataURL('image/png'))
    p.addEventListener('endStroke', changed)
    window.addEventListener('resize', fit)
    return () => {
      p.removeEventListener('endStroke', changed)
      window.removeEventListener('resize', fit)
      p.off()
    }
  }, [onChange])
  return (
    <Box>
      <HStack justify="space-between" mb="1">
        <Text as="span" fontWeight="medium" fontSize="sm" id={`${props.testId ?? 'signature'}-label`}>
          {props.label}
        </Text>
        <HStack gap="1">
          {props.fromName ? (
            <Button
              size="xs"
              variant="outline"
              disabled={!props.fromName.name.trim()}
              onClick={() => {
                const p = pad.current
                if (!p || !canvas.current) return
                p.clear()
                written.current = props.fromName!.name.trim()
                writeName(canvas.current, written.current)
                onChange(p.toDataURL('image/png'))
              }}
              data-testid={props.testId ? `${props.testId}-name` : undefined}
            >
              {props.fromName.label}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="ghost"
            onClick={() => {
              pad.current?.clear()
              written.current = null
              onChange(null)
            }}
          >
            {props.clearLabel}
          </Button>
        </HStack>
      </HStack>
      <Box
        as="canvas"
        ref={canvas}
        role="img"
        aria-labelledby={`${props.testId ?? 'signature'}-label`}
        data-testid={props.testId}
        width="100%"
        height="40"
        borderWidth="2px"
        borderStyle="dashed"
        borderColor={props.error ? 'border.error' : 'border.emphasized'}
        borderRadius="md"
        bg="white"
        touchAction="none"
        display="block"
      />
      {props.error ? (
        <Text color="fg.error" fontSize="sm" mt="1" role="alert">
          {props.error}
        </Text>
      ) : null}
    </Box>
  )
}
