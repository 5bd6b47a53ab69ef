import type { Shape } from '../namespaces'
import type { svDownloads } from '../sv/downloads'

/** The `downloads` namespace in English. */
export const enDownloads = {
  downloadCentre: {
    clearFilters: 'Clear filters',
    anyKind: 'All kinds',
    intro: 'Files the app makes for you in the background: exports, error reports and lists. They are kept for {{days}} days.',
    everyone: "Everyone's downloads",
    empty: 'No files yet. Exports you start land here.',
    columns: { name: 'File', kind: 'Kind', size: 'Size', state: 'Status', createdAt: 'Made', expiresAt: 'Kept until', owner: 'Asked for by' },
    kinds: {
      payrollExport: 'Payroll export',
      absenceExport: 'Absence export',
      orderImportErrors: 'Order import error report',
      leadList: 'Lead list',
      other: 'File',
    },
    states: { queued: 'Queued', running: 'Running', ready: 'Ready', failed: 'Failed', expired: 'Expired' },
    progress: '{{percent}} %',
    download: 'Download',
    downloadName: 'Download {{name}}',
    remove: 'Remove',
    removeName: 'Remove {{name}}',
    removed: 'The file was removed',
    failedToDownload: 'Failed to download file',
    retry: 'Try again',
    reasons: {
      refused: 'The month could not be exported: something needs fixing first (see the exports page).',
      invalid: "The file did not pass the payroll system's schema (see the exports page).",
    },
  },
  downloadAlerts: {
    readyTitle: '{{name}} is ready',
    readyMessage: 'The file is in Downloads.',
    failedTitle: '{{name}} could not be made',
    failedMessage: 'See Downloads for why.',
  },
} satisfies Shape<typeof svDownloads>
