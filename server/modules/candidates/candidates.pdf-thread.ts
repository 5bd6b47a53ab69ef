import { offThread } from '../../lib/off-thread'
import type { contractPdf, PdfTask, signedPdf } from './candidates.pdf'

/** PDFs are made one at a time per process, with 256 MiB of heap and 20 s each (docs/decisions/079). */
const pdfs = offThread<PdfTask, Uint8Array>(new URL('./candidates.pdf.worker.ts', import.meta.url), { heapMb: 256, millis: 20_000, threads: 1 })

/** The contracts' PDFs as the area makes them: in a worker thread, throwing an `OffThreadError` past its limits. */
export const contractPdfs = {
  contract: (input: Parameters<typeof contractPdf>[0]) => pdfs.run({ kind: 'contract', input }),
  signed: (original: Uint8Array, input: Parameters<typeof signedPdf>[1]) => pdfs.run({ kind: 'signed', original, input }),
}
