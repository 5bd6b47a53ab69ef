import { Box, Heading, HStack, Image, Link as ChakraLink, List, Separator, Table, Text } from '@chakra-ui/react'
import { Fragment, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { isAppPath } from '../../../../shared/rules/guard'
import { docHeadings, isSafeHref, type GuideDoc, type GuideInline, type GuideMark, type GuideNode } from '../../../../shared/schemas/guide-document'
import type { EmbedView } from '../../../../shared/schemas/guides'
import { Svg } from '../../../components/ui/icons'
import { EmbedFrame } from './embed-frame'

/**
 * A guide's body drawn as elements, never as HTML (docs/decisions/069): each node of the stored document becomes its
 * element, a link is followed only when it is safe (checked again here), an image or an attachment comes from the
 * file store, an embed is its frame. Headings carry the anchors of the table of contents.
 */
export function GuideBody(props: { doc: GuideDoc; embeds: EmbedView[] }) {
  const anchors = docHeadings(props.doc).map((h) => h.anchor)
  let heading = 0
  const nextAnchor = () => anchors[heading++]

  const inline = (nodes: GuideInline[] | undefined): ReactNode =>
    (nodes ?? []).map((n, i) => (n.type === 'hardBreak' ? <br key={i} /> : <Fragment key={i}>{marked(n.text, n.marks ?? [])}</Fragment>))

  const block = (n: GuideNode, key: number): ReactNode => {
    switch (n.type) {
      case 'paragraph':
        return (
          <Text key={key} textAlign={n.attrs?.textAlign ?? undefined} minH="1lh">
            {inline(n.content)}
          </Text>
        )
      case 'heading': {
        const anchor = nodeHasText(n) ? nextAnchor() : undefined
        const size = ({ 1: 'xl', 2: 'lg', 3: 'md', 4: 'sm' } as const)[n.attrs.level]
        return (
          <Heading key={key} as={`h${Math.min(n.attrs.level + 1, 6)}` as 'h2'} size={size} id={anchor} scrollMarginTop="20" mt="2">
            {inline(n.content)}
          </Heading>
        )
      }
      case 'bulletList':
      case 'orderedList':
        return (
          <List.Root key={key} as={n.type === 'orderedList' ? 'ol' : 'ul'} ps="5" gap="1">
            {n.content.map((item, i) => (
              <List.Item key={i}>{item.type === 'listItem' ? item.content.map(block) : block(item, i)}</List.Item>
            ))}
          </List.Root>
        )
      case 'listItem':
        return <Box key={key}>{n.content.map(block)}</Box>
      case 'blockquote':
        return (
          <Box key={key} as="blockquote" borderStartWidth="4px" borderColor="brand.solid" ps="4" color="fg.muted">
            {n.content.map(block)}
          </Box>
        )
      case 'codeBlock':
        return (
          <Box key={key} as="pre" bg="bg.muted" p="3" rounded="md" overflowX="auto" fontSize="sm">
            <code>{(n.content ?? []).map((c) => (c.type === 'text' ? c.text : '')).join('')}</code>
          </Box>
        )
      case 'horizontalRule':
        return <Separator key={key} />
      case 'image':
        return <Image key={key} src={n.attrs.src} alt={n.attrs.alt ?? ''} maxW="full" rounded="md" loading="lazy" />
      case 'attachment':
        return <Attachment key={key} fileId={n.attrs.fileId} name={n.attrs.name} size={n.attrs.size} />
      case 'embed': {
        const embed = props.embeds.find((e) => e.id === n.attrs.embedId)
        return embed ? <EmbedFrame key={key} embed={embed} /> : null
      }
      case 'table':
        return (
          <Table.ScrollArea key={key} borderWidth="1px" rounded="md">
            <Table.Root size="sm" variant="outline">
              <Table.Body>
                {n.content.map((row, r) => (
                  <Table.Row key={r}>
                    {row.type === 'tableRow'
                      ? row.content.map((cell, c) =>
                          cell.type === 'tableHeader' ? (
                            <Table.ColumnHeader key={c} colSpan={cell.attrs?.colspan} rowSpan={cell.attrs?.rowspan}>
                              {cell.content.map(block)}
                            </Table.ColumnHeader>
                          ) : cell.type === 'tableCell' ? (
                            <Table.Cell key={c} colSpan={cell.attrs?.colspan} rowSpan={cell.attrs?.rowspan}>
                              {cell.content.map(block)}
                            </Table.Cell>
                          ) : null,
                        )
                      : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )
      default:
        return null
    }
  }

  return (
    <Box display="flex" flexDirection="column" gap="3" lineHeight="tall" data-testid="guide-body">
      {props.doc.content.map(block)}
    </Box>
  )
}

const nodeHasText = (n: { content?: GuideInline[] }) => (n.content ?? []).some((c) => c.type === 'text' && c.text.trim() !== '')

/** A text with its marks, the link outermost. */
function marked(text: string, marks: GuideMark[]): ReactNode {
  let out: ReactNode = text
  for (const m of marks) {
    if (m.type === 'bold') out = <strong>{out}</strong>
    else if (m.type === 'italic') out = <em>{out}</em>
    else if (m.type === 'underline') out = <u>{out}</u>
    else if (m.type === 'strike') out = <s>{out}</s>
    else if (m.type === 'code') out = <code>{out}</code>
  }
  const link = marks.find((m) => m.type === 'link')
  if (link && link.type === 'link' && isSafeHref(link.attrs.href)) {
    const href = link.attrs.href.trim()
    return isAppPath(href) ? (
      <ChakraLink asChild colorPalette="brand" variant="underline">
        <Link to={href}>{out}</Link>
      </ChakraLink>
    ) : (
      <ChakraLink href={href} colorPalette="brand" variant="underline" target="_blank" rel="noopener noreferrer">
        {out}
      </ChakraLink>
    )
  }
  return out
}

function Attachment(props: { fileId: string; name: string; size: number }) {
  const { t } = useTranslation()
  const kb = Math.max(1, Math.round(props.size / 1024))
  return (
    <ChakraLink href={`/api/files/${props.fileId}`} download={props.name} colorPalette="brand" variant="underline" data-testid="guide-attachment">
      <HStack as="span" gap="1" display="inline-flex">
        <AttachmentIcon />
        {props.name} ({t('guides.reader.kilobytes', { kb })})
      </HStack>
    </ChakraLink>
  )
}

const AttachmentIcon = () => (
  <Svg size={16}>
    <path d="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
  </Svg>
)
