/** Portal catalogue, domain "vitalsExport": a patient's readings of a period as Excel, CSV or a PDF report (issue 19). */
export const vitalsExportEn = {
  button: 'Export',
  menuLabel: 'Export vitals',
  formats: { xlsx: 'Excel (.xlsx)', csv: 'CSV', pdf: 'PDF report' },
  title: 'Export vitals — {{format}}',
  from: 'From',
  to: 'To',
  units: 'Units',
  unitChoices: { profile: 'My unit settings', metric: 'Metric (kg, °C, mmol/L)', imperial: 'Imperial (lb, °F, mg/dL)' },
  hint: 'One row per reading, times in your time zone. At most 366 days.',
  pdfHint: 'A printable report: a chart, minimum, maximum, mean and out-of-range count per index.',
  download: 'Download',
  cancel: 'Cancel',
  done: 'Export downloaded',
  required: 'Required',
  toBeforeFrom: 'End date must be on or after the start date',
  tooLong: 'The period is at most 366 days',
};
