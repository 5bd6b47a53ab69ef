import { contractPdf, signedPdf, type PdfTask } from './candidates.pdf'

/**
 * The contracts' PDFs, made off the main thread (server/lib/off-thread.ts): a template's text laid out on pages, and
 * a signed copy with the drawn signature decoded into it — work whose size the template and the signer choose.
 */
export default function makePdf(task: PdfTask): Promise<Uint8Array> {
  return task.kind === 'contract' ? contractPdf(task.input) : signedPdf(task.original, task.input)
}
