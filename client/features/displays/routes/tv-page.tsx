import { Box, Flex, HStack, Image, Stack, Text } from '@chakra-ui/react'
import QRCode from 'qrcode'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { formatOre, formatTime, type FormatLanguage } from '../../../../shared/format'
import { formatDisplayCode, nextFlash, queueFlash } from '../../../../shared/rules/displays'
import type { DisplayNewsflash } from '../../../../shared/schemas/displays'
import { setLanguage } from '../../../lib/i18n'
import { applyUpdate, onUpdateAvailable, registerServiceWorker } from '../../../lib/pwa'
import { Initials, sceneHasContent, TvScene, TV_TEXT } from '../components/tv-scenes'
import { useKiosk, type KioskState } from '../lib/use-kiosk'

/** How long a newsflash stays before the cycle resumes. */
const FLASH_MS = 8_000

/**
 * /tv (issue 76, docs/decisions/101): the office screen. A kiosk browser shows its pairing code (and a QR code of the
 * pairing address) until an admin pairs it; then it cycles through the scenes it was given and interrupts them for
 * a newsflash. Its look is the kiosk's: `?theme=light`, `?lang=sv|en|fi`, `?sound=on` in its address.
 */
export default function TvPage() {
  const [search] = useSearchParams()
  const theme = search.get('theme') === 'light' ? 'light' : 'dark'
  const sound = search.get('sound') === 'on'
  const lang = search.get('lang')
  const { i18n } = useTranslation()
  useEffect(() => {
    if ((lang === 'sv' || lang === 'en' || lang === 'fi') && i18n.language !== lang) void setLanguage(lang)
  }, [lang, i18n])
  const flashes = useNewsflash(sound)
  const kiosk = useKiosk(flashes.handlers)
  const flash = kiosk.phase === 'paired' ? flashes.shown : null

  return (
    <Box
      className={theme}
      colorPalette="brand"
      bg="bg"
      color="fg"
      minH="100dvh"
      h="100dvh"
      overflow="hidden"
      data-testid="tv"
      data-phase={kiosk.phase}
      style={{ colorScheme: theme }}
    >
      {kiosk.phase === 'pairing' ? (
        <Pairing code={kiosk.code} expiresAt={kiosk.expiresAt} />
      ) : kiosk.phase === 'paired' ? (
        <Paired kiosk={kiosk} flashing={flash !== null} />
      ) : (
        <Flex h="full" align="center" justify="center">
          <Starting />
        </Flex>
      )}
      {flash && kiosk.phase === 'paired' ? <Newsflash flashes={flash} /> : null}
    </Box>
  )
}

function Starting() {
  const { t } = useTranslation()
  return (
    <Text fontSize={TV_TEXT.body} color="fg.muted">
      {t('displays.tv.starting')}
    </Text>
  )
}

function Pairing({ code, expiresAt }: { code: string; expiresAt: number }) {
  const { t, i18n } = useTranslation()
  const [qr, setQr] = useState<string | null>(null)
  const address = `${window.location.origin}/user-admin/displays?code=${code}`
  useEffect(() => {
    let current = true
    void QRCode.toDataURL(address, { margin: 1, width: 512 }).then((url) => current && setQr(url))
    return () => {
      current = false
    }
  }, [address])
  return (
    <Flex h="full" direction={{ base: 'column', _landscape: 'row' }} align="center" justify="center" gap="8vmin" p="6vmin">
      <Stack gap="3vmin" maxW="60ch">
        <Text as="h1" fontSize={TV_TEXT.big} fontWeight="bold">
          {t('displays.tv.pairTitle')}
        </Text>
        <Text fontSize={TV_TEXT.huge} fontWeight="bold" letterSpacing="0.12em" fontFamily="mono" data-testid="tv-code">
          {formatDisplayCode(code)}
        </Text>
        <Text fontSize={TV_TEXT.body} color="fg.muted">
          {t('displays.tv.pairSteps')}
        </Text>
        <Text fontSize={TV_TEXT.small} color="fg.muted">
          {t('displays.tv.codeExpires', { time: formatTime(expiresAt, i18n.language as FormatLanguage) })}
        </Text>
      </Stack>
      {qr ? <Image src={qr} alt="" w="min(40vmin, 480px)" h="min(40vmin, 480px)" bg="white" p="1vmin" rounded="lg" /> : null}
    </Flex>
  )
}

/** The cycle through the scenes that have something to show; a new release is taken between two scenes. */
function Paired({ kiosk, flashing }: { kiosk: Extract<KioskState, { phase: 'paired' }>; flashing: boolean }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language as FormatLanguage
  const { display, scenes } = kiosk
  const now = useNow(1_000)
  const shown = useMemo(() => (scenes ? display.scenes.filter((s) => sceneHasContent(s.scene, scenes)) : []), [display.scenes, scenes])
  const cycle = shown.length > 0 ? shown : display.scenes.filter((s) => s.scene === 'office_day')
  const [index, setIndex] = useState(0)
  const update = useRef(false)
  useEffect(() => {
    registerServiceWorker()
    return onUpdateAvailable((waiting) => (update.current = waiting))
  }, [])
  const current = cycle[index % Math.max(1, cycle.length)]
  useEffect(() => {
    // A flash holds the cycle; it resumes where it was.
    if (flashing || !current) return
    const timer = setTimeout(() => {
      if (update.current) applyUpdate()
      setIndex((i) => (i + 1) % Math.max(1, cycle.length))
    }, current.seconds * 1000)
    return () => clearTimeout(timer)
  }, [current, flashing, cycle.length, index])
  const stale = kiosk.offline || (kiosk.updatedAt !== null && now - kiosk.updatedAt > 3 * 60_000)
  return (
    <Stack h="full" gap="0" p="3vmin">
      <HStack justify="space-between" align="baseline" gap="4vmin" pb="2vmin">
        <Stack gap="0" minW="0">
          <Text fontSize={TV_TEXT.small} color="fg.muted" truncate>
            {scenes ? [scenes.office.name, ...(display.teamIds.length > 0 ? scenes.teams.map((x) => x.name) : [])].join(' · ') : display.name}
          </Text>
          <Text as="h1" fontSize={TV_TEXT.big} fontWeight="bold" truncate data-testid="tv-scene-title">
            {current ? t(`displays.scenes.${current.scene}`) : ''}
          </Text>
        </Stack>
        <Text fontSize={TV_TEXT.big} fontVariantNumeric="tabular-nums" color="fg.muted">
          {formatTime(now, lang)}
        </Text>
      </HStack>
      <Box flex="1" minH="0" overflow="hidden" data-testid="tv-scene" data-scene={current?.scene}>
        {scenes && current ? <TvScene scene={current.scene} scenes={scenes} now={now} /> : <Starting />}
      </Box>
      <HStack justify="space-between" pt="1.5vmin" fontSize={TV_TEXT.small} color="fg.muted">
        <HStack gap="1vmin" aria-hidden>
          {cycle.map((s, i) => (
            <Box key={s.scene} w="1.4vmin" h="1.4vmin" rounded="full" bg={i === index % cycle.length ? 'brand.solid' : 'bg.emphasized'} />
          ))}
        </HStack>
        {stale && kiosk.updatedAt !== null ? (
          <Text role="status" data-testid="tv-stale">
            {kiosk.offline ? `${t('displays.tv.offline')} · ` : ''}
            {t('displays.tv.updated', { time: formatTime(kiosk.updatedAt, lang) })}
          </Text>
        ) : null}
      </HStack>
    </Stack>
  )
}

/** The moment: who, what and for which team; several of one team as one ("3 new sales for Team Lund"). */
function Newsflash({ flashes }: { flashes: DisplayNewsflash[] }) {
  const { t, i18n } = useTranslation()
  const first = flashes[0]!
  const team = first.teamName ?? ''
  const many = flashes.length > 1
  const title =
    first.kind !== 'sale'
      ? t(`displays.tv.flash.${first.kind}`)
      : many
        ? t('displays.tv.flash.sales', { count: flashes.length, team })
        : first.name
          ? t('displays.tv.flash.sale')
          : t('displays.tv.flash.anonymous', { team })
  const people = [...new Map(flashes.filter((f) => f.name).map((f) => [f.name, f])).values()].slice(0, 4)
  const value = flashes.reduce((n, f) => n + (f.orderValueOre ?? 0), 0)
  return (
    <Flex
      position="fixed"
      inset="0"
      bg="brand.solid"
      color="brand.contrast"
      direction="column"
      align="center"
      justify="center"
      gap="4vmin"
      p="6vmin"
      textAlign="center"
      role="alert"
      data-testid="tv-newsflash"
    >
      <Text fontSize={TV_TEXT.huge} fontWeight="black">
        {title}
      </Text>
      {people.length > 0 ? (
        <HStack gap="5vmin" wrap="wrap" justify="center">
          {people.map((f) => (
            <HStack key={f.name} gap="2vmin" fontSize={TV_TEXT.big}>
              <Initials text={f.initials ?? ''} size="2em" />
              <Text fontWeight="bold">{f.name}</Text>
            </HStack>
          ))}
        </HStack>
      ) : null}
      <Text fontSize={TV_TEXT.body}>{[...new Set(flashes.flatMap((f) => f.what))].slice(0, 4).join(' · ')}</Text>
      <Text fontSize={TV_TEXT.body} opacity={0.85}>
        {[
          !many && first.kind === 'sale' && first.name && team ? t('displays.tv.flash.forTeam', { team }) : null,
          value > 0 ? formatOre(value, i18n.language as FormatLanguage) : null,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
    </Flex>
  )
}

/**
 * The queue of moments (issue 76): one shows for eight seconds, then the next (those of one team merged); the cycle
 * of scenes waits meanwhile. A screen no longer paired drops what was queued.
 */
function useNewsflash(sound: boolean) {
  const [shown, setShown] = useState<DisplayNewsflash[] | null>(null)
  const queue = useRef<DisplayNewsflash[]>([])
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  const soundRef = useRef(sound)
  useEffect(() => {
    soundRef.current = sound
  }, [sound])
  const handlers = useMemo(() => {
    const showNext = () => {
      const { show, rest } = nextFlash(queue.current)
      queue.current = rest
      timer.current = show.length > 0 ? setTimeout(showNext, FLASH_MS) : null
      setShown(show.length > 0 ? show : null)
      if (show.length > 0 && soundRef.current) chime()
    }
    return {
      onFlash(f: DisplayNewsflash) {
        queue.current = queueFlash(queue.current, f)
        if (!timer.current) showNext()
      },
      onUnpaired() {
        queue.current = []
        if (timer.current) clearTimeout(timer.current)
        timer.current = null
        setShown(null)
      },
    }
  }, [])
  useEffect(() => () => handlers.onUnpaired(), [handlers])
  return { shown, handlers }
}

/** The time, moving on every `everyMs`. */
function useNow(everyMs: number) {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs)
    return () => clearInterval(timer)
  }, [everyMs])
  return now
}

/** A short two-note chime (Web Audio; no file to load), for kiosks whose address asks for sound. */
function chime() {
  try {
    const audio = new AudioContext()
    for (const [i, freq] of [880, 1320].entries()) {
      const osc = audio.createOscillator()
      const gain = audio.createGain()
      osc.frequency.value = freq
      gain.gain.setValueAtTime(0.2, audio.currentTime + i * 0.18)
      gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + i * 0.18 + 0.5)
      osc.connect(gain).connect(audio.destination)
      osc.start(audio.currentTime + i * 0.18)
      osc.stop(audio.currentTime + i * 0.18 + 0.5)
    }
    setTimeout(() => void audio.close(), 1_500)
  } catch {
    // No sound where the browser allows none: the flash still shows.
  }
}
