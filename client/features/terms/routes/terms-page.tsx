import { Badge, Box, Button, Card, Flex, HStack, Input, Progress, Skeleton, Stack, Tabs, Text, Textarea } from '@chakra-ui/react'
import { useInfiniteQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../shared/format'
import { TERMS_ANSWERS, TERMS_PEOPLE_PAGE, TERMS_TEXT_MAX, type TermsAnswerFilter, type TermsVersionItem } from '../../../../shared/schemas/terms'
import { FormDialog, formErrorOf, useFormError } from '../../../components/ui/form-dialog'
import { FormField } from '../../../components/ui/form-field'
import { LoadError, QueryState } from '../../../components/ui/load-error'
import { Page } from '../../../components/ui/page'
import { applyFieldErrors } from '../../../lib/api-client'
import { confirm } from '../../../lib/confirm-store'
import { useAbility } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { createTerms, deleteTerms, publishTerms, termsPeople, updateTerms } from '../api/terms-api'
import { termsKeys } from '../api/terms-keys'
import { AppDialog } from '../../../components/ui/app-dialog'
import { useLanguage } from '../../../lib/use-language'
import { useRefreshTerms, useTerms } from '../api/terms-queries'

/**
 * /user-admin/terms-of-use (decision 039): the versions of the terms of use, newest first. Admins draft one (a text
 * per language), edit it and publish it, after which everyone answers it at their next visit; each published
 * version shows how the active people answered, and who, by name.
 */
export default function TermsPage() {
  const { t, lang } = useLanguage()
  const ability = useAbility()
  const refreshTerms = useRefreshTerms()
  const versions = useTerms()
  const [editing, setEditing] = useState<TermsVersionItem | 'new' | null>(null)
  const [status, setStatus] = useState<TermsVersionItem | null>(null)
  const mayUpdate = ability.can('update', 'terms_of_use')
  const hasDraft = versions.data?.items.some((v) => v.status === 'draft') ?? false

  const done = (message: string) => {
    snackbar.success(message)
    void refreshTerms()
  }
  const failed = (err: unknown) => {
    snackbar.error(formErrorOf(err, t).message)
    void versions.refetch()
  }
  const publish = async (v: TermsVersionItem) => {
    const ok = await confirm({
      title: t('termsAdmin.publishTitle', { number: v.number }),
      text: t('termsAdmin.publishText'),
      confirmLabel: t('termsAdmin.publish'),
      cancelLabel: t('table.cancel'),
    })
    if (ok) await publishTerms(v.id, v.version).then(() => done(t('termsAdmin.published', { number: v.number })), failed)
  }
  const remove = async (v: TermsVersionItem) => {
    const ok = await confirm({
      title: t('termsAdmin.deleteTitle', { number: v.number }),
      text: t('termsAdmin.deleteText'),
      confirmLabel: t('termsAdmin.delete'),
      cancelLabel: t('table.cancel'),
      destructive: true,
    })
    if (ok) await deleteTerms(v.id, v.version).then(() => done(t('termsAdmin.deleted', { number: v.number })), failed)
  }

  return (
    <Page title={t('routes.user-admin-terms-of-use')} breadcrumbs={[{ label: t('nav.groups.userAdmin') }]}>
      <Stack gap="4">
        <Flex gap="3" justify="space-between" align="center" wrap="wrap">
          <Text color="fg.muted" fontSize="sm" maxW="2xl">
            {t('termsAdmin.intro')}
          </Text>
          {mayUpdate && versions.data && !hasDraft ? (
            <Button size="sm" colorPalette="brand" onClick={() => setEditing('new')}>
              {t('termsAdmin.create')}
            </Button>
          ) : null}
        </Flex>
        <QueryState query={versions} empty={t('termsAdmin.empty')}>
          {(data) =>
            data.items.map((v) => (
              <Card.Root key={v.id} variant="outline" data-testid="terms-version">
                <Card.Body gap="3">
                  <Flex gap="3" justify="space-between" align="flex-start" wrap="wrap">
                    <Box>
                      <HStack gap="2">
                        <Text fontWeight="semibold">{t('termsAdmin.version', { number: v.number })}</Text>
                        <Badge colorPalette={v.status === 'draft' ? 'orange' : v.current ? 'green' : 'gray'} variant="subtle">
                          {v.status === 'draft' ? t('termsAdmin.draft') : v.current ? t('termsAdmin.current') : t('termsAdmin.earlier')}
                        </Badge>
                      </HStack>
                      <Text fontSize="sm" color="fg.muted">
                        {v.publishedAt
                          ? t('termsAdmin.publishedBy', { date: formatDate(v.publishedAt, lang), name: v.publishedBy?.name ?? '' })
                          : t('termsAdmin.changed', { date: formatDate(v.updatedAt, lang) })}
                      </Text>
                    </Box>
                    <HStack gap="2" wrap="wrap">
                      {v.counts ? (
                        <Button size="xs" variant="outline" onClick={() => setStatus(v)}>
                          {t('termsAdmin.showStatus')}
                        </Button>
                      ) : null}
                      {mayUpdate && v.status === 'draft' ? (
                        <>
                          <Button size="xs" variant="outline" onClick={() => setEditing(v)}>
                            {t('termsAdmin.edit')}
                          </Button>
                          <Button size="xs" variant="outline" colorPalette="red" onClick={() => void remove(v)}>
                            {t('termsAdmin.delete')}
                          </Button>
                          <Button size="xs" colorPalette="brand" onClick={() => void publish(v)}>
                            {t('termsAdmin.publish')}
                          </Button>
                        </>
                      ) : null}
                    </HStack>
                  </Flex>
                  <Text fontSize="sm" lineClamp={2} whiteSpace="pre-line">
                    {v.texts.sv}
                  </Text>
                  {v.counts ? (
                    <Stack gap="1" data-testid="terms-counts">
                      <Progress.Root value={v.counts.people === 0 ? 0 : Math.round((v.counts.accepted / v.counts.people) * 100)} size="sm" colorPalette="green">
                        <Progress.Track>
                          <Progress.Range />
                        </Progress.Track>
                      </Progress.Root>
                      <Text fontSize="sm">{t('termsAdmin.counts', v.counts)}</Text>
                    </Stack>
                  ) : null}
                </Card.Body>
              </Card.Root>
            ))
          }
        </QueryState>
      </Stack>
      {editing ? (
        <TermsDialog version={editing} onClose={() => setEditing(null)} onSaved={(message) => done(message)} onConflict={() => void versions.refetch()} />
      ) : null}
      {status ? <StatusDialog version={status} onClose={() => setStatus(null)} /> : null}
    </Page>
  )
}

type Texts = { sv: string; en: string; fi: string }

function TermsDialog(props: { version: TermsVersionItem | 'new'; onClose: () => void; onSaved: (message: string) => void; onConflict: () => void }) {
  const { t } = useTranslation()
  const existing = props.version === 'new' ? null : props.version
  const form = useForm<Texts>({ defaultValues: existing?.texts ?? { sv: '', en: '', fi: '' } })
  const formError = useFormError(props.onConflict)
  const { errors, isSubmitting } = form.formState
  const submit = form.handleSubmit(async (texts) => {
    formError.clear()
    try {
      const saved = existing ? await updateTerms(existing.id, texts, existing.version) : await createTerms(texts)
      props.onSaved(t('termsAdmin.saved', { number: saved.number }))
      props.onClose()
    } catch (err) {
      // The server names fields as texts.sv, texts.en, texts.fi.
      const named = applyFieldErrors(err, (name, e) => form.setError(name.replace('texts.', '') as keyof Texts, e), [
        'texts.sv',
        'texts.en',
        'texts.fi',
      ] as const)
      if (!named) {
        formError.fail(err)
      }
    }
  })
  const rules = (required: boolean) => ({
    validate: (v: string) => (required && v.trim() === '' ? 'validation.required' : v.length > TERMS_TEXT_MAX ? 'validation.tooLong' : true),
  })
  return (
    <FormDialog
      open
      size="lg"
      onClose={props.onClose}
      title={existing ? t('termsAdmin.editTitle', { number: existing.number }) : t('termsAdmin.createTitle')}
      testId="terms-dialog"
      onSubmit={submit}
      submitting={isSubmitting}
      {...formError.props}
      onReload={props.onClose}
    >
      <Stack gap="4">
        <FormField label={t('termsAdmin.textSv')} error={errors.sv} required>
          <Textarea rows={8} {...form.register('sv', rules(true))} />
        </FormField>
        <FormField label={t('termsAdmin.textEn')} error={errors.en} helper={t('termsAdmin.fallbackEn')}>
          <Textarea rows={5} {...form.register('en', rules(false))} />
        </FormField>
        <FormField label={t('termsAdmin.textFi')} error={errors.fi} helper={t('termsAdmin.fallbackFi')}>
          <Textarea rows={5} {...form.register('fi', rules(false))} />
        </FormField>
      </Stack>
    </FormDialog>
  )
}

/** Who answered a published version how: the counts, and the people by name, a page at a time. */
function StatusDialog({ version, onClose }: { version: TermsVersionItem; onClose: () => void }) {
  const { t, lang } = useLanguage()
  const [answer, setAnswer] = useState<TermsAnswerFilter>('pending')
  const [q, setQ] = useState('')
  const people = useInfiniteQuery({
    queryKey: termsKeys.people(version.id, answer, q),
    queryFn: ({ pageParam, signal }) => termsPeople(version.id, answer, q, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.offset + TERMS_PEOPLE_PAGE < last.total ? last.offset + TERMS_PEOPLE_PAGE : undefined),
  })
  const counts = version.counts!
  const items = people.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <AppDialog
      open
      onClose={onClose}
      title={t('termsAdmin.statusTitle', { number: version.number })}
      testId="terms-status"
      size="lg"
      scroll
      noCloseButton
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('app.close')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Tabs.Root value={answer} onValueChange={(e) => setAnswer(e.value as TermsAnswerFilter)} size="sm" variant="line">
          <Tabs.List>
            {TERMS_ANSWERS.map((a) => (
              <Tabs.Trigger key={a} value={a}>
                {t(`termsAdmin.answers.${a}`, { count: counts[a] })}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Tabs.Root>
        <Input
          size="sm"
          type="search"
          placeholder={t('termsAdmin.search')}
          aria-label={t('termsAdmin.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
        {people.isError ? (
          <LoadError error={people.error} onRetry={() => void people.refetch()} />
        ) : !people.data ? (
          <Skeleton h="24" aria-busy />
        ) : items.length === 0 ? (
          <Text color="fg.muted">{t('termsAdmin.nobody')}</Text>
        ) : (
          <Stack as="ul" gap="1" listStyleType="none" ps="0">
            {items.map((p) => (
              <Flex as="li" key={p.id} justify="space-between" gap="3" py="1" borderBottomWidth="1px" data-testid="terms-person">
                <Box minW="0">
                  <Text fontWeight="medium" truncate>
                    {p.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" truncate>
                    {p.teamName ?? p.email}
                  </Text>
                </Box>
                {p.at ? (
                  <Text fontSize="sm" color="fg.muted" flexShrink={0}>
                    {formatDate(p.at, lang)}
                  </Text>
                ) : null}
              </Flex>
            ))}
          </Stack>
        )}
        {people.hasNextPage ? (
          <Button size="sm" variant="outline" loading={people.isFetchingNextPage} onClick={() => void people.fetchNextPage()}>
            {t('termsAdmin.more', { shown: items.length, total: people.data?.pages[0]?.total ?? 0 })}
          </Button>
        ) : null}
      </Stack>
    </AppDialog>
  )
}
