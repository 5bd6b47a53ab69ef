import { Badge, Button, Field, HStack, Input, Stack, Tabs, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDate } from '../../../../shared/format'
import { emptyDoc } from '../../../../shared/schemas/guide-document'
import {
  EVERYONE,
  GUIDE_LANGUAGES,
  GUIDE_SUMMARY_MAX,
  GUIDE_TITLE_MAX,
  type Audience,
  type CategoryItem,
  type EmbedItem,
  type GuideAdminDetail,
  type GuideLanguage,
  type GuideText,
  type GuideTexts,
} from '../../../../shared/schemas/guides'
import { localized } from '../../../../shared/rules/guides'
import { AppDialog } from '../../../components/ui/app-dialog'
import { FormAlert } from '../../../components/ui/form-alert'
import { ApiClientError, errorText, serverFieldErrors } from '../../../lib/api-client'
import { createGuide, publishGuide, restoreGuideVersion, updateGuide } from '../api/guides-api'
import { AudiencePicker } from './audience-picker'
import { GuideEditor } from './guide-editor'
import { GuideVersionDialog } from './guide-version-dialog'
import { Choices } from '../../../components/ui/choices'
import { Check } from '../../../components/ui/check'
import { useLanguage } from '../../../lib/use-language'
import { useAction } from '../../../components/ui/use-action'

type Draft = { categoryId: string; mustRead: boolean; audience: Audience; texts: GuideTexts; version: number | null; id: string | null }

const blankText = (): GuideText => ({ title: '', summary: '', body: emptyDoc() })

/** What the editor starts from: the guide as saved, or a new one in the first category, for everyone. */
const draftOf = (initial: GuideAdminDetail | null, categories: CategoryItem[]): Draft =>
  initial
    ? { ...initial, version: initial.version, id: initial.id }
    : { categoryId: categories[0]?.id ?? '', mustRead: false, audience: EVERYONE, texts: { sv: blankText(), en: null, fi: null }, version: null, id: null }

type GuideEditorDialogProps = {
  /** the guide as the server has it now (read when its editor opens), or null for a new one */
  initial: GuideAdminDetail | null
  categories: CategoryItem[]
  embeds: EmbedItem[]
  onClose: () => void
  onSaved: (message: string) => void
}

/**
 * A guide's editor (docs/decisions/069): its category, must-read flag and audience; its Swedish text and, when
 * added, the English and Finnish ones, each with the rich-text editor; its versions to read and restore. Saving
 * keeps the working texts; publishing makes them the version readers read.
 */
export function GuideEditorDialog(props: GuideEditorDialogProps) {
  const { t, lang } = useLanguage()
  const [draft, setDraft] = useState<Draft>(() => draftOf(props.initial, props.categories))
  const [detail, setDetail] = useState<GuideAdminDetail | null>(props.initial)
  const [tab, setTab] = useState<GuideLanguage>('sv')
  const [pressed, setPressed] = useState<'save' | 'publish' | null>(null)
  const [fields, setFields] = useState<Record<string, string[]>>({})
  const [viewing, setViewing] = useState<number | null>(null)
  const setText = (l: GuideLanguage, change: Partial<GuideText> | null) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [l]: change === null ? null : { ...(d.texts[l] ?? blankText()), ...change } } }))
  const fieldError = (path: string) => fields[path]?.[0] ?? Object.entries(fields).find(([k]) => k.startsWith(`${path}.`))?.[1][0]

  // Saves the working texts, and publishes them when asked; a refusal names its fields (the first one's language
  // tab opens) and a guide changed meanwhile offers to close and read it again.
  const saving = useAction(
    async (andPublish: boolean) => {
      const input = { categoryId: draft.categoryId, mustRead: draft.mustRead, audience: draft.audience, texts: draft.texts }
      let saved = draft.id && draft.version ? await updateGuide(draft.id, { ...input, version: draft.version }) : await createGuide(input)
      if (andPublish && saved.unpublished) saved = await publishGuide(saved.id, saved.version)
      setDraft((d) => ({ ...d, id: saved.id, version: saved.version }))
      setDetail(saved)
      props.onSaved(t(andPublish ? 'guides.editor.published' : 'guides.editor.saved', { title: saved.title }))
      if (andPublish) props.onClose()
    },
    {
      onError: (err) => {
        const refused = serverFieldErrors(err) ?? {}
        setFields(refused)
        saving.fail(errorText(err, t), err instanceof ApiClientError && err.body?.error === 'version_conflict')
        const inLanguage = Object.keys(refused)[0]?.match(/^texts\.(sv|en|fi)\./)?.[1] as GuideLanguage | undefined
        if (inLanguage) setTab(inLanguage)
        return true
      },
    },
  )
  const busy = saving.busy ? pressed : null
  const save = (andPublish: boolean) => {
    setPressed(andPublish ? 'publish' : 'save')
    setFields({})
    void saving.run(andPublish)
  }

  async function restore(number: number) {
    if (!draft.id || !draft.version) return
    try {
      const saved = await restoreGuideVersion(draft.id, number, draft.version)
      setDraft({ ...saved, version: saved.version, id: saved.id })
      setDetail(saved)
      setViewing(null)
      props.onSaved(t('guides.editor.restored', { number, next: saved.publishedNumber }))
    } catch (err) {
      setFields({})
      saving.fail(errorText(err, t))
    }
  }

  return (
    <AppDialog
      open
      onClose={props.onClose}
      title={detail ? t('guides.editor.editTitle', { title: detail.title }) : t('guides.editor.newTitle')}
      size="xl"
      scroll
      testId="guide-editor"
      footer={
        <HStack justify="space-between" w="full" wrap="wrap" gap="2">
          <Text fontSize="sm" color="fg.muted">
            {detail
              ? detail.publishedNumber
                ? t(detail.unpublished ? 'guides.editor.stateUnpublished' : 'guides.editor.statePublished', { number: detail.publishedNumber })
                : t('guides.editor.stateDraft')
              : ''}
          </Text>
          <HStack gap="2">
            <Button variant="outline" onClick={() => save(false)} loading={busy === 'save'} disabled={busy !== null} data-testid="guide-save">
              {t('guides.editor.save')}
            </Button>
            <Button colorPalette="brand" onClick={() => save(true)} loading={busy === 'publish'} disabled={busy !== null} data-testid="guide-publish">
              {t('guides.editor.publish')}
            </Button>
          </HStack>
        </HStack>
      }
    >
      <Stack gap="4">
        {saving.error ? (
          <FormAlert message={saving.error}>
            {saving.conflict ? (
              <Button size="xs" variant="outline" onClick={props.onClose}>
                {t('guides.editor.reload')}
              </Button>
            ) : null}
          </FormAlert>
        ) : null}
        <HStack gap="4" wrap="wrap" align="end">
          <Field.Root maxW="sm" invalid={!!fieldError('categoryId')}>
            <Field.Label>{t('guides.editor.category')}</Field.Label>
            <Choices
              size="sm"
              value={draft.categoryId}
              onChange={(e) => setDraft((d) => ({ ...d, categoryId: e.currentTarget.value }))}
              options={props.categories.map((c) => ({ value: c.id, label: localized(c.name, lang) }))}
            />
            <Field.ErrorText>{fieldError('categoryId')}</Field.ErrorText>
          </Field.Root>
          <Check
            checked={draft.mustRead}
            onChange={(checked) => setDraft((d) => ({ ...d, mustRead: checked }))}
            colorPalette="brand"
            inputProps={{ 'data-testid': 'guide-must-read-input' }}
            label={t('guides.editor.mustRead')}
          />
        </HStack>
        <LanguageTabs
          texts={draft.texts}
          tab={tab}
          onTab={setTab}
          setText={setText}
          fieldError={fieldError}
          embeds={props.embeds}
          editorKey={`${draft.id ?? 'new'}-${detail?.publishedNumber ?? 0}`}
        />
        <Stack gap="2">
          <Text fontWeight="semibold">{t('guides.editor.audience')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('guides.editor.audienceHelp')}
          </Text>
          <AudiencePicker value={draft.audience} onChange={(audience) => setDraft((d) => ({ ...d, audience }))} testId="guide-audience" />
        </Stack>
        {detail && detail.versions.length > 0 ? <VersionList versions={detail.versions} onView={setViewing} /> : null}
      </Stack>
      {viewing !== null && draft.id ? (
        <GuideVersionDialog
          guideId={draft.id}
          number={viewing}
          current={detail?.publishedNumber ?? null}
          onRestore={() => void restore(viewing)}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </AppDialog>
  )
}

/** The Swedish, English and Finnish texts, each a tab; a missing translation is offered to be added. */
function LanguageTabs(props: {
  texts: GuideTexts
  tab: GuideLanguage
  onTab: (l: GuideLanguage) => void
  setText: (l: GuideLanguage, change: Partial<GuideText> | null) => void
  fieldError: (path: string) => string | undefined
  embeds: EmbedItem[]
  editorKey: string
}) {
  const { t } = useTranslation()
  const languageName = (l: GuideLanguage) => t(`guides.languages.${l}`)
  return (
    <Tabs.Root value={props.tab} onValueChange={(e) => props.onTab(e.value as GuideLanguage)} variant="line">
      <Tabs.List>
        {GUIDE_LANGUAGES.map((l) => (
          <Tabs.Trigger key={l} value={l}>
            {languageName(l)}
            {props.texts[l] === null ? (
              <Badge size="xs" colorPalette="orange" ms="1">
                {t('guides.editor.missing')}
              </Badge>
            ) : null}
          </Tabs.Trigger>
        ))}
      </Tabs.List>
      {GUIDE_LANGUAGES.map((l) => {
        const text = props.texts[l]
        return (
          <Tabs.Content key={l} value={l}>
            {text === null ? (
              <Stack gap="2" align="start">
                <Text color="fg.muted">{t('guides.editor.noTranslation', { language: languageName(l) })}</Text>
                <Button size="sm" variant="outline" onClick={() => props.setText(l, { ...props.texts.sv })} data-testid={`guide-add-${l}`}>
                  {t('guides.editor.addTranslation', { language: languageName(l) })}
                </Button>
              </Stack>
            ) : (
              <Stack gap="3">
                <Field.Root required invalid={!!props.fieldError(`texts.${l}.title`)}>
                  <Field.Label>{t('guides.editor.titleField')}</Field.Label>
                  <Input
                    value={text.title}
                    maxLength={GUIDE_TITLE_MAX}
                    onChange={(e) => props.setText(l, { title: e.currentTarget.value })}
                    data-testid={`guide-title-${l}`}
                  />
                  <Field.ErrorText>{props.fieldError(`texts.${l}.title`)}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!props.fieldError(`texts.${l}.summary`)}>
                  <Field.Label>{t('guides.editor.summary')}</Field.Label>
                  <Textarea
                    rows={2}
                    value={text.summary}
                    maxLength={GUIDE_SUMMARY_MAX}
                    onChange={(e) => props.setText(l, { summary: e.currentTarget.value })}
                  />
                  <Field.ErrorText>{props.fieldError(`texts.${l}.summary`)}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={!!props.fieldError(`texts.${l}.body`)}>
                  <Field.Label>{t('guides.editor.body')}</Field.Label>
                  <GuideEditor
                    key={`${l}-${props.editorKey}`}
                    value={text.body}
                    onChange={(body) => props.setText(l, { body })}
                    embeds={props.embeds}
                    label={t('guides.editor.bodyIn', { language: languageName(l) })}
                    testId={`guide-body-${l}`}
                  />
                  <Field.ErrorText>{props.fieldError(`texts.${l}.body`)}</Field.ErrorText>
                </Field.Root>
                {l !== 'sv' ? (
                  <Button size="xs" variant="ghost" colorPalette="red" alignSelf="start" onClick={() => props.setText(l, null)}>
                    {t('guides.editor.removeTranslation', { language: languageName(l) })}
                  </Button>
                ) : null}
              </Stack>
            )}
          </Tabs.Content>
        )
      })}
    </Tabs.Root>
  )
}

/** The published versions, newest first, each to be read (and restored from its dialog). */
function VersionList(props: { versions: GuideAdminDetail['versions']; onView: (number: number) => void }) {
  const { t, lang } = useLanguage()
  return (
    <Stack gap="2" data-testid="guide-versions">
      <Text fontWeight="semibold">{t('guides.editor.versions')}</Text>
      {props.versions.map((v) => (
        <HStack key={v.number} justify="space-between" wrap="wrap" gap="2" data-testid="guide-version">
          <Text fontSize="sm">
            {t('guides.editor.versionLine', { number: v.number, date: formatDate(v.publishedAt, lang), name: v.publishedBy?.name ?? '–' })}
          </Text>
          <Button size="xs" variant="outline" onClick={() => props.onView(v.number)}>
            {t('guides.editor.viewVersion')}
          </Button>
        </HStack>
      ))}
    </Stack>
  )
}
