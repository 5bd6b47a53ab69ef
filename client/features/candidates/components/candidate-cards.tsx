import { Badge, Button, DataList, HStack, Link as ChakraLink, SimpleGrid } from '@chakra-ui/react'
import { formatDate, formatTime } from '../../../../shared/format'
import { formatCandidateIdentity } from '../../../../shared/rules/candidates'
import type { CandidateContract, CandidateDetail, PrivateCandidateField } from '../../../../shared/schemas/candidates'
import { ChildTableCard, fact } from '../../../components/ui/detail-kit'
import { useLanguage } from '../../../lib/use-language'
import { SectionCard } from '../../../components/ui/section-card'

/**
 * A candidate's details in cards (docs/decisions/070): contact and start, what they told about themselves, their
 * identity and bank numbers (masked; in full once revealed, which is logged), and their contracts with the PDFs.
 */
export function CandidateCards(props: {
  candidate: CandidateDetail
  revealed: Partial<Record<PrivateCandidateField, string | null>> | null
  onReveal: () => void
}) {
  const { t, lang } = useLanguage()
  const { candidate: c, revealed } = props
  const day = (ms: number | null) => (ms ? formatDate(ms, lang) : '–')
  const row = (label: string, value: React.ReactNode, testId?: string) => fact(label, value, { testId })
  const contractColumns = [
    { header: t('candidates.page.contractColumns.kind'), cell: (k: CandidateContract) => t(`candidates.templates.kinds.${k.kind}`), strong: true },
    {
      header: t('candidates.page.contractColumns.status'),
      cell: (k: CandidateContract) => (
        <Badge variant="subtle" colorPalette={k.status === 'signed' ? 'green' : k.status === 'sent' ? 'orange' : 'gray'}>
          {t(`candidates.page.contractStatuses.${k.status}`)}
        </Badge>
      ),
    },
    {
      header: t('candidates.page.contractColumns.signer'),
      cell: (k: CandidateContract) => t(`candidates.page.signers.${k.signer === 'esign' ? 'esign' : 'builtin'}`),
      hideBelow: 'md' as const,
    },
    {
      header: t('candidates.page.contractColumns.date'),
      cell: (k: CandidateContract) =>
        k.signedAt ? t('candidates.page.contractSigned', { date: day(k.signedAt) }) : t('candidates.page.contractSent', { date: day(k.sentAt) }),
      hideBelow: 'sm' as const,
    },
    {
      header: t('candidates.page.contractColumns.files'),
      cell: (k: CandidateContract) => (
        <HStack gap="3" wrap="wrap">
          <ChakraLink href={`/api/files/${k.fileId}`} target="_blank" rel="noopener">
            {t('candidates.page.contractPdf')}
          </ChakraLink>
          {k.signedFileId ? (
            <ChakraLink href={`/api/files/${k.signedFileId}`} target="_blank" rel="noopener" data-testid="signed-pdf">
              {t('candidates.page.signedPdf')}
            </ChakraLink>
          ) : null}
        </HStack>
      ),
    },
  ]
  return (
    <>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <SectionCard title={t('candidates.page.contact')}>
          <DataList.Root orientation="horizontal" size="sm" data-testid="candidate-contact">
            {row(t('candidates.fields.email'), c.email ? <ChakraLink href={`mailto:${c.email}`}>{c.email}</ChakraLink> : null)}
            {row(t('candidates.fields.phone'), c.phone ? <ChakraLink href={`tel:${c.phone}`}>{c.phone}</ChakraLink> : null)}
            {row(t('candidates.fields.region'), c.region.name)}
            {row(t('candidates.fields.recruiter'), c.recruiter.name)}
            {row(t('candidates.fields.language'), t(`candidates.languages.${c.language}`))}
            {row(t('candidates.fields.startDate'), c.startDate ? formatDate(Date.parse(`${c.startDate}T12:00:00Z`), lang) : null)}
            {row(t('candidates.fields.directoryEmail'), c.directoryEmail)}
            {c.spaceUrl
              ? row(
                  t('candidates.fields.space'),
                  <ChakraLink href={c.spaceUrl} target="_blank" rel="noopener">
                    {c.spaceId ?? c.spaceUrl}
                  </ChakraLink>,
                )
              : null}
            {row(t('candidates.fields.created'), `${formatDate(c.createdAt, lang)} ${formatTime(c.createdAt, lang)}`)}
          </DataList.Root>
        </SectionCard>
        <SectionCard title={t('candidates.page.personal')}>
          <DataList.Root orientation="horizontal" size="sm" data-testid="candidate-personal">
            {row(t('candidates.fields.address'), [c.address, [c.postalCode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', '))}
            {row(t('candidates.fields.tshirtSize'), c.tshirtSize)}
            {row(t('candidates.fields.shoeSize'), c.shoeSize)}
            {row(t('candidates.fields.favouriteCake'), c.favouriteCake)}
            {row(t('candidates.fields.specialDiet'), c.specialDiet)}
            {row(t('candidates.fields.driversLicense'), c.driversLicense === null ? null : t(c.driversLicense ? 'candidates.yes' : 'candidates.no'))}
            {row(
              t('candidates.fields.iceName'),
              c.iceName ? `${c.iceName}${c.iceType ? ` (${t(`candidates.iceTypes.${c.iceType}`)})` : ''}${c.icePhone ? `, ${c.icePhone}` : ''}` : null,
            )}
          </DataList.Root>
        </SectionCard>
      </SimpleGrid>
      <SectionCard
        title={t('candidates.page.privateData')}
        end={
          c.may.readPrivate && !revealed && c.private.personalNumber ? (
            <Button size="xs" variant="outline" data-testid="candidate-reveal" onClick={() => props.onReveal()}>
              {t('candidates.page.reveal')}
            </Button>
          ) : null
        }
        subtitle={c.may.readPrivate && !revealed ? t('candidates.page.revealHint') : null}
      >
        <DataList.Root orientation="horizontal" size="sm" data-testid="candidate-private">
          {row(t('candidates.fields.personalNumber'), revealed ? formatCandidateIdentity(revealed.personalNumber) : c.private.personalNumber)}
          {row(t('candidates.fields.bankClearing'), revealed?.bankClearing ?? c.private.bankClearing)}
          {row(t('candidates.fields.bankAccount'), revealed ? revealed.bankAccount : c.private.bankAccount)}
        </DataList.Root>
      </SectionCard>
      <ChildTableCard
        title={t('candidates.page.contracts')}
        rows={c.contracts}
        rowKey={(k) => k.id}
        columns={contractColumns}
        empty={t('candidates.page.noContracts')}
        testId="candidate-contracts"
      />
    </>
  )
}
