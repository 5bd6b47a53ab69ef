import { Box, Button, HStack, IconButton, NativeSelect, Separator, Wrap } from '@chakra-ui/react'
import { mergeAttributes, Node } from '@tiptap/core'
import Image from '@tiptap/extension-image'
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table'
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { isSafeHref, type GuideDoc } from '../../../../shared/schemas/guide-document'
import type { EmbedItem } from '../../../../shared/schemas/guides'
import { errorText } from '../../../lib/api-client'
import { snackbar } from '../../../lib/snackbar-store'
import { uploadGuideFile } from '../api/guides-api'
import { Svg } from '../../../components/ui/icons'

/** A file a guide offers to download: a block the editor shows as a chip (stored as its file id, name and size). */
const Attachment = Node.create({
  name: 'attachment',
  group: 'block',
  atom: true,
  addAttributes: () => ({ fileId: { default: null }, name: { default: '' }, size: { default: 0 } }),
  parseHTML: () => [{ tag: 'div[data-attachment]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-attachment': '', class: 'guide-chip' }),
    `⎘ ${String(HTMLAttributes.name)}`,
  ],
})

/** An embed placed in a guide: shown to the guide's readers in its frame. */
const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  addAttributes: () => ({ embedId: { default: null }, name: { default: '' } }),
  parseHTML: () => [{ tag: 'div[data-embed]' }],
  renderHTML: ({ HTMLAttributes }) => [
    'div',
    mergeAttributes(HTMLAttributes, { 'data-embed': '', class: 'guide-chip' }),
    `▶ ${String(HTMLAttributes.name || HTMLAttributes.embedid)}`,
  ],
})

const EXTENSIONS = [
  StarterKit.configure({ heading: { levels: [1, 2, 3, 4] }, link: { openOnClick: false, autolink: true, protocols: ['mailto', 'tel'] } }),
  Image.configure({ inline: false }),
  Table.configure({ resizable: false }),
  TableRow,
  TableHeader,
  TableCell,
  Attachment,
  Embed,
]

/**
 * The rich-text editor of one language's guide body (Tiptap, docs/decisions/069): headings, lists, quotes, tables,
 * links, images and attachments uploaded to the file store, and the organisation's embeds. It hands back Tiptap's
 * JSON document, which the server keeps only in the shape guide-document.ts allows.
 */
export function GuideEditor(props: { value: GuideDoc; onChange: (doc: GuideDoc) => void; embeds: EmbedItem[]; label: string; testId?: string }) {
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: props.value,
    onUpdate: ({ editor: e }) => props.onChange(e.getJSON() as GuideDoc),
    editorProps: { attributes: { 'aria-label': props.label, role: 'textbox', 'aria-multiline': 'true' } },
    immediatelyRender: true,
  })
  return (
    <Box borderWidth="1px" rounded="md" w="full" data-testid={props.testId}>
      <Toolbar editor={editor} embeds={props.embeds} />
      <Separator />
      <Box
        px="3"
        py="2"
        minH="60"
        css={{
          '& .tiptap': { outline: 'none', minHeight: '14rem' },
          '& .tiptap > * + *': { marginTop: '0.6em' },
          '& .tiptap h1': { fontSize: '1.6em', fontWeight: 'bold' },
          '& .tiptap h2': { fontSize: '1.35em', fontWeight: 'bold' },
          '& .tiptap h3': { fontSize: '1.15em', fontWeight: 'bold' },
          '& .tiptap h4': { fontWeight: 'bold' },
          '& .tiptap ul': { listStyle: 'disc', paddingInlineStart: '1.5em' },
          '& .tiptap ol': { listStyle: 'decimal', paddingInlineStart: '1.5em' },
          '& .tiptap blockquote': { borderInlineStartWidth: '4px', paddingInlineStart: '1em', color: 'fg.muted' },
          '& .tiptap a': { color: 'brand.fg', textDecoration: 'underline' },
          '& .tiptap img': { maxWidth: '100%', borderRadius: 'md' },
          '& .tiptap table': { borderCollapse: 'collapse', width: '100%' },
          '& .tiptap td, & .tiptap th': { borderWidth: '1px', padding: '0.3em 0.5em', verticalAlign: 'top' },
          '& .tiptap th': { background: 'bg.muted', fontWeight: 'semibold' },
          '& .tiptap .guide-chip': { display: 'inline-block', background: 'bg.muted', borderRadius: 'md', padding: '0.3em 0.7em' },
          '& .tiptap pre': { background: 'bg.muted', padding: '0.6em', borderRadius: 'md' },
        }}
      >
        <EditorContent editor={editor} />
      </Box>
    </Box>
  )
}

function Toolbar({ editor, embeds }: { editor: Editor; embeds: EmbedItem[] }) {
  const { t } = useTranslation()
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
      table: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  })
  const image = useRef<HTMLInputElement>(null)
  const attachment = useRef<HTMLInputElement>(null)
  const [uploading, setUploading] = useState(false)
  const chain = () => editor.chain().focus()

  const upload = async (file: File | undefined, as: 'image' | 'attachment') => {
    if (!file) return
    setUploading(true)
    try {
      const stored = await uploadGuideFile(file)
      if (as === 'image') chain().setImage({ src: stored.src, alt: file.name }).run()
      else
        chain()
          .insertContent({ type: 'attachment', attrs: { fileId: stored.id, name: stored.name, size: stored.size } })
          .run()
    } catch (err) {
      snackbar.error(errorText(err, t))
    } finally {
      setUploading(false)
    }
  }

  const link = () => {
    const current = (editor.getAttributes('link').href as string | undefined) ?? ''
    const href = window.prompt(t('guides.editor.linkPrompt'), current)
    if (href === null) return
    if (href.trim() === '') return void chain().extendMarkRange('link').unsetLink().run()
    if (!isSafeHref(href)) return void snackbar.error(t('validation.guides.link'))
    chain().extendMarkRange('link').setLink({ href: href.trim() }).run()
  }

  return (
    <Wrap gap="1" p="1" role="toolbar" aria-label={t('guides.editor.toolbar')}>
      <Tool label={t('guides.editor.heading2')} active={state.h2} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        {'H2'}
      </Tool>
      <Tool label={t('guides.editor.heading3')} active={state.h3} onClick={() => chain().toggleHeading({ level: 3 }).run()}>
        {'H3'}
      </Tool>
      <Tool label={t('guides.editor.bold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <b>B</b>
      </Tool>
      <Tool label={t('guides.editor.italic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <i>I</i>
      </Tool>
      <Tool label={t('guides.editor.underline')} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <u>U</u>
      </Tool>
      <Tool label={t('guides.editor.strike')} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <s>S</s>
      </Tool>
      <Tool label={t('guides.editor.bulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        {'•'}
      </Tool>
      <Tool label={t('guides.editor.orderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        {'1.'}
      </Tool>
      <Tool label={t('guides.editor.quote')} active={state.quote} onClick={() => chain().toggleBlockquote().run()}>
        {'❝'}
      </Tool>
      <Tool label={t('guides.editor.link')} active={state.link} onClick={link}>
        <LinkIcon />
      </Tool>
      <Tool
        label={t('guides.editor.table')}
        active={state.table}
        onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        disabled={state.table}
      >
        {'▦'}
      </Tool>
      {state.table ? (
        <HStack gap="1">
          <Button size="xs" variant="ghost" onClick={() => chain().addRowAfter().run()}>
            {t('guides.editor.addRow')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => chain().addColumnAfter().run()}>
            {t('guides.editor.addColumn')}
          </Button>
          <Button size="xs" variant="ghost" onClick={() => chain().deleteTable().run()}>
            {t('guides.editor.deleteTable')}
          </Button>
        </HStack>
      ) : null}
      <Tool label={t('guides.editor.image')} active={false} onClick={() => image.current?.click()} disabled={uploading}>
        <ImageIcon />
      </Tool>
      <Tool label={t('guides.editor.attachment')} active={false} onClick={() => attachment.current?.click()} disabled={uploading}>
        <ClipIcon />
      </Tool>
      <input ref={image} type="file" accept="image/jpeg,image/png,image/webp" hidden onChange={(e) => void upload(e.currentTarget.files?.[0], 'image')} />
      <input
        ref={attachment}
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/webp"
        hidden
        onChange={(e) => void upload(e.currentTarget.files?.[0], 'attachment')}
      />
      {embeds.length > 0 ? (
        <NativeSelect.Root size="xs" width="auto">
          <NativeSelect.Field
            aria-label={t('guides.editor.embed')}
            value=""
            onChange={(e) => {
              const chosen = embeds.find((x) => x.id === e.currentTarget.value)
              if (chosen)
                chain()
                  .insertContent({ type: 'embed', attrs: { embedId: chosen.id, name: chosen.name } })
                  .run()
            }}
          >
            <option value="">{t('guides.editor.embed')}</option>
            {embeds.map((x) => (
              <option key={x.id} value={x.id}>
                {x.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      ) : null}
      <Tool label={t('guides.editor.undo')} active={false} onClick={() => chain().undo().run()} disabled={!state.canUndo}>
        {'↶'}
      </Tool>
      <Tool label={t('guides.editor.redo')} active={false} onClick={() => chain().redo().run()} disabled={!state.canRedo}>
        {'↷'}
      </Tool>
    </Wrap>
  )
}

/** A toolbar button: named for screen readers, pressed while its format is on. */
function Tool(props: { label: string; active: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <IconButton
      size="xs"
      variant={props.active ? 'solid' : 'ghost'}
      colorPalette={props.active ? 'brand' : 'gray'}
      aria-label={props.label}
      aria-pressed={props.active}
      title={props.label}
      onClick={props.onClick}
      disabled={props.disabled}
    >
      {props.children}
    </IconButton>
  )
}

const icon = (d: string) => (
  <Svg size={16}>
    <path d={d} />
  </Svg>
)
const LinkIcon = () => icon('M10 13a5 5 0 0 0 7.54.54l3-3a5 5 0 0 0-7.07-7.07l-1.72 1.71M14 11a5 5 0 0 0-7.54-.54l-3 3a5 5 0 0 0 7.07 7.07l1.71-1.71')
const ImageIcon = () =>
  icon('M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM8.5 10a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21')
const ClipIcon = () => icon('m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48')
