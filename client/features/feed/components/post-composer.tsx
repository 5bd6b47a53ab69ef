import { Button, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { FEED_POST_MAX } from '../../../../shared/rules/feed'
import { FilePicker } from '../../../components/ui/file-picker'
import { SectionCard } from '../../../components/ui/section-card'
import { useAction } from '../../../components/ui/use-action'
import { useLookup } from '../../../components/ui/lookup/lookup-api'
import { useAbility, useUserData } from '../../../lib/session'
import { snackbar } from '../../../lib/snackbar-store'
import { uploadFeedImage } from '../api/feed-api'
import { useFeedChanges } from '../api/feed-queries'

const WHOLE_ORGANISATION = '*'

/** A manager's post to their office or a team of it (an admin's to everyone too), with an image if they like. */
export function PostComposer() {
  const { t } = useTranslation()
  const user = useUserData()
  const ability = useAbility()
  const changes = useFeedChanges()
  const [text, setText] = useState('')
  const [image, setImage] = useState<File | null>(null)
  const everyone = ability.can('manage', 'all')
  const officeId = user?.officeId ?? null
  const teams = useLookup('teams', { parentId: officeId ?? undefined }, !!officeId)
  const [to, setTo] = useState<string>(officeId ? '' : WHOLE_ORGANISATION)
  const publish = useAction(
    async () => {
      const imageId = image ? (await uploadFeedImage(image)).id : null
      return changes.post({
        text: text.trim(),
        imageId,
        officeId: to === WHOLE_ORGANISATION ? null : officeId,
        teamId: to && to !== WHOLE_ORGANISATION ? to : null,
      })
    },
    {
      fieldFirst: true,
      onDone: () => {
        setText('')
        setImage(null)
        snackbar.success(t('feed.published'))
      },
    },
  )
  return (
    <SectionCard title={t('feed.post')} size="sm" data-testid="feed-composer">
      <form
        onSubmit={(e) => {
          e.preventDefault()
          if (text.trim()) void publish.run()
        }}
      >
        <Stack gap="3">
          <Textarea
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            placeholder={t('feed.postText')}
            aria-label={t('feed.postText')}
            maxLength={FEED_POST_MAX}
            rows={3}
          />
          <HStack gap="3" wrap="wrap">
            <NativeSelect.Root size="sm" maxW="xs">
              <NativeSelect.Field aria-label={t('feed.postTo')} value={to} onChange={(e) => setTo(e.currentTarget.value)}>
                {officeId ? <option value="">{t('feed.wholeOffice')}</option> : null}
                {(teams.data?.items ?? []).map((team) => (
                  <option key={team.id} value={team.id}>
                    {team.label}
                  </option>
                ))}
                {everyone ? <option value={WHOLE_ORGANISATION}>{t('feed.wholeOrganisation')}</option> : null}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <FilePicker accept="image/jpeg,image/png,image/webp" fileName={image?.name ?? null} onChange={setImage} testId="feed-image" />
          </HStack>
          {publish.error ? (
            <Text fontSize="sm" color="fg.error" role="alert">
              {publish.error}
            </Text>
          ) : null}
          <Button type="submit" colorPalette="brand" size="sm" alignSelf="end" loading={publish.busy} disabled={!text.trim()}>
            {t('feed.publish')}
          </Button>
        </Stack>
      </form>
    </SectionCard>
  )
}
