/** The `downloads` namespace in Swedish (docs/decisions/071). */
export const svDownloads = {
  downloadCentre: {
    clearFilters: 'Rensa filter',
    anyKind: 'Alla slag',
    intro: 'Filer som appen tar fram åt dig i bakgrunden: exporter, felrapporter och listor. De sparas i {{days}} dagar.',
    everyone: 'Allas nedladdningar',
    empty: 'Inga filer ännu. Exporter du startar hamnar här.',
    columns: { name: 'Fil', kind: 'Slag', size: 'Storlek', state: 'Status', createdAt: 'Skapad', expiresAt: 'Sparas till', owner: 'Beställd av' },
    kinds: {
      payrollExport: 'Löneexport',
      absenceExport: 'Frånvaroexport',
      orderImportErrors: 'Felrapport från orderimport',
      leadList: 'Leadslista',
      other: 'Fil',
    },
    states: { queued: 'I kö', running: 'Pågår', ready: 'Klar', failed: 'Misslyckades', expired: 'Har gått ut' },
    progress: '{{percent}} %',
    download: 'Ladda ner',
    downloadName: 'Ladda ner {{name}}',
    remove: 'Ta bort',
    removeName: 'Ta bort {{name}}',
    removed: 'Filen togs bort',
    failedToDownload: 'Det gick inte att ladda ner filen',
    retry: 'Försök igen',
    reasons: {
      refused: 'Månaden kunde inte exporteras: något behöver åtgärdas först (se exportsidan).',
      invalid: 'Filen klarade inte lönesystemets schema (se exportsidan).',
    },
  },
  downloadAlerts: {
    readyTitle: '{{name}} är klar',
    readyMessage: 'Filen finns under Nedladdningar.',
    failedTitle: '{{name}} kunde inte tas fram',
    failedMessage: 'Se Nedladdningar för orsaken.',
  },
}
