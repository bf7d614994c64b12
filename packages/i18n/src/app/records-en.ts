/** Patient app: medical records, read only (English). */
export const appRecordsEn = {
  title: 'Medical records',
  intro: 'Your examinations and their papers, as your care team recorded them.',
  readOnly: 'Viewing the medical records of {{name}} (read only).',
  notPatient: 'This account has no medical records of its own. Choose a person to view on Home.',
  empty: 'No medical record yet.',
  more: 'Show more',
  open: 'Open {{title}}',
  back: 'Back to medical records',
  notFound: 'This medical record is not available.',
  papers: '{{count}} papers',
  fields: { examinationDate: 'Examination date', place: 'Place', doctor: 'Doctor', note: 'Note', attachments: 'Papers' },
  types: {
    EXAMINATION_CARD: 'Examination card', RESULT_CARD: 'Result card', OTOSCOPE_RESULT: 'Otoscope result', PRESCRIPTION: 'Prescription', BILL: 'Bill', OTHER: 'Other papers',
  },
  viewer: {
    label: 'Paper viewer', view: 'View {{name}}', open: 'Open {{name}}', download: 'Download {{name}}', pdf: 'PDF document', loading: 'Loading the file…',
    failed: 'Could not load the file.', imageAlt: '{{type}}: {{name}}', noPapers: 'No paper attached.',
  },
};
export type AppRecordsMessages = typeof appRecordsEn;
