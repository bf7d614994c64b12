/** Portal catalogue, domain "records": medical records of a patient (English). */
export const recordsEn = {
  tab: 'Medical records',
  title: 'Medical records',
  add: 'Add record',
  table: 'Medical records',
  empty: 'No medical record yet.',
  loading: 'Loading medical records…',
  open: 'Open record {{title}}',
  total: '{{count}} records',
  pagination: 'Pages',
  papers: '{{count}} papers',
  fields: {
    title: 'Title', examinationDate: 'Examination date', place: 'Place', doctor: 'Doctor', staffDoctor: 'Doctor of the organization',
    doctorName: 'Or the doctor’s name', note: 'Note', attachments: 'Papers', type: 'Type', file: 'File', createdBy: 'Written by', updatedAt: 'Last changed',
  },
  hints: {
    doctor: 'Pick a doctor of the organization, or type the name of a doctor from elsewhere.',
    files: 'JPG, PNG or PDF, at most 10 MB each. The file content is checked.',
  },
  types: {
    EXAMINATION_CARD: 'Examination card', RESULT_CARD: 'Result card', OTOSCOPE_RESULT: 'Otoscope result', PRESCRIPTION: 'Prescription', BILL: 'Bill', OTHER: 'Other papers',
  },
  form: {
    addTitle: 'New medical record', editTitle: 'Edit medical record', save: 'Save', cancel: 'Cancel', chooseFile: 'Add a file', typeOfNext: 'Type of the next file',
    pending: 'To upload', remove: 'Remove {{name}}', undoRemove: 'Keep {{name}}', willRemove: 'Will be removed', typeOf: 'Type of {{name}}',
    fileType: 'Only JPG, PNG or PDF files', fileSize: 'The file is larger than 10 MB', saved: 'Medical record saved',
    partial: 'The record was saved, but {{count}} files could not be uploaded: {{reason}}',
    dateInvalid: 'Type a real day as dd/mm/yyyy', notDoctor: 'This person is not a doctor of the organization',
  },
  detail: {
    title: 'Medical record', edit: 'Edit', delete: 'Delete', close: 'Close', noPapers: 'No paper attached.', viewer: 'Paper viewer',
    view: 'View {{name}}', download: 'Download {{name}}', open: 'Open {{name}} in a new tab', pdf: 'PDF document', loadingFile: 'Loading the file…',
    imageAlt: '{{type}}: {{name}}', fileFailed: 'Could not load the file.',
  },
  remove: { title: 'Delete medical record', confirm: 'Delete “{{title}}” and its {{count}} papers? This cannot be undone.', done: 'Medical record deleted' },
  kb: '{{n}} KB',
};
export type RecordsMessages = typeof recordsEn;
