/** Patient app: "Export for my doctor" (issue 19; English, US). Wired into `en.ts` as `vitalsExport`. */
export const appVitalsExportEn = {
  title: 'Export for my doctor',
  text: 'Your readings of a period as a PDF report or a CSV file, to share with your doctor.',
  open: 'Export for my doctor',
  period: 'Period',
  periods: { '7': 'Last 7 days', '30': 'Last 30 days', '90': 'Last 90 days', '365': 'Last 12 months' },
  format: 'File',
  formats: { pdf: 'PDF report', csv: 'CSV (spreadsheet)' },
  share: 'Share',
  download: 'Download',
  cancel: 'Cancel',
  working: 'Preparing the file…',
  shared: 'File shared',
  downloaded: 'File downloaded',
  failed: 'The file could not be prepared. Try again.',
  fileTitle: 'My readings {{from}} – {{to}}',
};
export type AppVitalsExportMessages = typeof appVitalsExportEn;
