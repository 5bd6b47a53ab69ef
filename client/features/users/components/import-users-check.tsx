import { Alert, Badge, Box, HStack, List, Stack, Table, Text } from '@chakra-ui/react'
import { useTranslation } from 'react-i18next'
import type { UserImportAnswer } from '../../../../shared/schemas/users'

/**
 * What the check of a user import found: how many rows are valid, the columns left out, and every row with what is
 * wrong with it — a card per row on a phone, a table on a larger screen.
 */
export function ImportCheck({ answer, changed }: { answer: UserImportAnswer; changed: boolean }) {
  const { t } = useTranslation()
  const invalid = answer.total - answer.valid
  const errorRows = answer.rows.filter((r) => r.errors.length > 0).length
  return (
    <>
      <Alert.Root status={answer.valid === 0 ? 'error' : invalid > 0 ? 'warning' : 'success'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title data-testid="import-summary">
            {invalid === 0
              ? t('userAdmin.import.allValid', { total: answer.total })
              : t('userAdmin.import.summary', { total: answer.total, valid: answer.valid, invalid })}
          </Alert.Title>
          {answer.valid === 0 && !changed ? <Alert.Description>{t('userAdmin.import.noneValid')}</Alert.Description> : null}
        </Alert.Content>
      </Alert.Root>
      {answer.ignoredColumns.length > 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('userAdmin.import.ignored', { columns: answer.ignoredColumns.join(', ') })}
        </Text>
      ) : null}
      {errorRows < invalid ? (
        <Text fontSize="sm" color="fg.muted">
          {t('userAdmin.import.errorsShown', { shown: errorRows, count: invalid })}
        </Text>
      ) : null}
      {/* A phone reads each row as a block: its line, address and what is wrong, without scrolling sideways. */}
      <Stack gap="2" hideFrom="md">
        {answer.rows.map((row) => (
          <Box key={row.line} borderWidth="1px" rounded="md" p="3" data-testid="import-row-card" data-line={row.line}>
            <HStack justify="space-between" gap="2">
              <Text fontSize="sm" fontWeight="medium" truncate>
                {t('userAdmin.import.line')} {row.line} · {row.email}
              </Text>
              {row.errors.length === 0 ? <Badge colorPalette="green">{t('userAdmin.import.ok')}</Badge> : null}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              {[row.name, row.roleName, row.teamName].filter(Boolean).join(' · ')}
            </Text>
            {row.errors.length > 0 ? (
              <List.Root ps="4" fontSize="sm" color="fg.error">
                {row.errors.map((e) => (
                  <List.Item key={e}>{e}</List.Item>
                ))}
              </List.Root>
            ) : null}
          </Box>
        ))}
      </Stack>
      <Table.ScrollArea borderWidth="1px" rounded="md" maxH="22rem" hideBelow="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('userAdmin.import.line')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('userAdmin.import.columns.email')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('users.name')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('userAdmin.import.columns.role')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('userAdmin.import.columns.team')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('userAdmin.import.problems')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {answer.rows.map((row) => (
              <Table.Row key={row.line} data-testid="import-row" data-line={row.line} data-valid={row.errors.length === 0}>
                <Table.Cell>{row.line}</Table.Cell>
                <Table.Cell>{row.email}</Table.Cell>
                <Table.Cell>{row.name}</Table.Cell>
                <Table.Cell>{row.roleName ?? ''}</Table.Cell>
                <Table.Cell>{row.teamName ?? ''}</Table.Cell>
                <Table.Cell minW="14rem">
                  {row.errors.length === 0 ? (
                    <Badge colorPalette="green">{t('userAdmin.import.ok')}</Badge>
                  ) : (
                    <List.Root ps="4" color="fg.error">
                      {row.errors.map((e) => (
                        <List.Item key={e}>{e}</List.Item>
                      ))}
                    </List.Root>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  )
}
