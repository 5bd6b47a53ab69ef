import { Box, Button, Card, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { formatDate, type FormatLanguage } from '../../shared/format'
import type { CurrentTerms } from '../../shared/schemas/terms'
import { ApiClientError, call, errorText, rpc } from '../lib/api-client'
import { confirm } from '../lib/confirm-store'
import { clearSession, setSession } from '../lib/session'
import { snackbar } from '../lib/snackbar-store'
import { refreshSession } from '../features/auth/api/auth-api'
import { useAction } from '../components/ui/use-action'

/**
 * The terms of use in force, before anything else (docs/decisions/039): shown instead of every screen while the
 * signed-in person has not accepted them. Accepting lets them on at once; declining signs them out, with why.
 */
export function TermsGate() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const [terms, setTerms] = useState<CurrentTerms | null | undefined>(undefined)
  const [failed, setFailed] = useState(false)

  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let live = true
    call(rpc.terms.current.$get())
      .then((r) => {
        if (!live) return
        setFailed(false)
        setTerms(r.terms)
        // Nothing to answer after all (withdrawn meanwhile): the session is read again.
        if (!r.terms) void refreshSession().catch(() => undefined)
      })
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [i18n.language, attempt])
  const load = () => {
    setFailed(false)
    setTerms(undefined)
    setAttempt((a) => a + 1)
  }

  const problem = (err: unknown) => snackbar.error(errorText(err, t))

  const accepting = useAction((id: string) => call(rpc.terms[':id'].accept.$post({ param: { id } })), {
    onDone: (session) => {
      setSession(session)
      snackbar.success(t('terms.accepted'))
    },
    onError: (err) => {
      problem(err)
      // A newer version came meanwhile: show that one.
      if (err instanceof ApiClientError && err.status === 409) load()
      return true
    },
  })
  const declining = useAction((id: string) => call(rpc.terms[':id'].decline.$post({ param: { id } })), {
    onDone: () => {
      clearSession()
      navigate('/login', { replace: true })
      snackbar.show(t('terms.declined'), { duration: 8000 })
    },
    failure: 'snackbar',
  })
  const busy = accepting.busy ? 'accept' : declining.busy ? 'decline' : null
  const accept = async () => {
    if (terms) await accepting.run(terms.id)
  }
  const decline = async () => {
    if (!terms) return
    const ok = await confirm({
      title: t('terms.declineTitle'),
      text: t('terms.declineText'),
      confirmLabel: t('terms.decline'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (ok) await declining.run(terms.id)
  }

  return (
    <Flex as="main" id="main" minH="100dvh" justify="center" align={{ base: 'flex-start', md: 'center' }} p={{ base: '3', md: '8' }} bg="bg.subtle">
      <Card.Root w="full" maxW="2xl" data-testid="terms-gate">
        <Card.Header>
          <Heading as="h1" size="lg">
            {t('terms.title')}
          </Heading>
          {terms ? (
            <Text fontSize="sm" color="fg.muted">
              {t('terms.version', { number: terms.number, date: formatDate(terms.publishedAt, i18n.language as FormatLanguage) })}
            </Text>
          ) : null}
        </Card.Header>
        <Card.Body>
          <Stack gap="4">
            <Text fontSize="sm">{t('terms.intro')}</Text>
            {failed ? (
              <Flex gap="3" align="center" wrap="wrap">
                <Text color="fg.error">{t('terms.loadFailed')}</Text>
                <Button size="sm" variant="outline" onClick={load}>
                  {t('terms.retry')}
                </Button>
              </Flex>
            ) : terms === undefined ? (
              <Skeleton h="40" aria-busy />
            ) : terms ? (
              <Box
                tabIndex={0}
                role="document"
                aria-label={t('terms.title')}
                lang={terms.language}
                maxH={{ base: '55dvh', md: '50vh' }}
                overflowY="auto"
                borderWidth="1px"
                rounded="md"
                p="4"
                whiteSpace="pre-wrap"
                data-testid="terms-text"
              >
                {terms.text}
              </Box>
            ) : null}
          </Stack>
        </Card.Body>
        <Card.Footer justifyContent="flex-end" gap="3" flexWrap="wrap">
          <Button variant="outline" onClick={() => void decline()} disabled={!terms || busy !== null} loading={busy === 'decline'}>
            {t('terms.decline')}
          </Button>
          <Button colorPalette="brand" onClick={() => void accept()} disabled={!terms || busy !== null} loading={busy === 'accept'}>
            {t('terms.accept')}
          </Button>
        </Card.Footer>
      </Card.Root>
    </Flex>
  )
}
