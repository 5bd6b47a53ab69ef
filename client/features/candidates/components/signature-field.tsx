import { Box, Button, HStack, Text } from '@chakra-ui/react'
import { useEffect, useRef } from 'react'
import SignaturePad from 'signature_pad'

/**
 * A drawn signature (the well-kept `signature_pad`): a canvas sized to its box at the screen's pixel ratio, drawn with
 * a finger or a mouse; `onChange` gets the drawing as a PNG data URL, or null once it is cleared.
 */
export function SignatureField(props: { label: string; clearLabel: string; error?: string; onChange: (png: string | null) => void; testId?: string }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const pad = useRef<SignaturePad | null>(null)
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
        <Button
          size="xs"
          variant="ghost"
          onClick={() => {
            pad.current?.clear()
            onChange(null)
          }}
        >
          {props.clearLabel}
        </Button>
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
