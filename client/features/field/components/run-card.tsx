import { Badge, Box, Stack, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { RunItem } from '../../../../shared/schemas/field'

/** A run as the calendar shows it: the team, the area, the meeting, the sellers; a button that opens it. */
export function RunCard({ run, showTeam, onOpen }: { run: RunItem; showTeam: boolean; onOpen?: () => void }) {
  const { t } = useTranslation()
  return (
    <Box
      as={onOpen ? 'button' : 'div'}
      textAlign="start"
      w="full"
      p="2"
      borderWidth="1px"
      borderColor="border"
      borderStartWidth="4px"
      borderStartColor={run.travelDay ? 'orange.solid' : 'brand.solid'}
      rounded="md"
      bg="bg.panel"
      _hover={onOpen ? { bg: 'bg.muted' } : undefined}
      onClick={onOpen}
      data-testid="planner-run"
    >
      <Stack gap="0.5">
        {showTeam ? (
          <Text fontSize="xs" color="fg.muted">
            {run.teamName}
          </Text>
        ) : null}
        <Text fontWeight="semibold" fontSize="sm">
          {run.areaName ?? run.meetingPlace ?? t('planner.columns.area')}
        </Text>
        {run.meetingTime || run.meetingPlace ? (
          <Text fontSize="xs">{t('planner.meeting', { time: run.meetingTime ?? '', place: run.meetingPlace ?? '' }).trim()}</Text>
        ) : null}
        <Text fontSize="xs" color="fg.muted">
          {t('planner.sellers', { count: run.sellers.length })}
        </Text>
        {run.travelDay ? (
          <Badge size="sm" colorPalette="orange" alignSelf="start">
            {t('planner.travelDay')}
          </Badge>
        ) : null}
      </Stack>
    </Box>
  )
}
