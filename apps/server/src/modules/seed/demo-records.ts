import type { Db } from '../../platform/db.ts';
import { newId } from '../../platform/ids.ts';
import { newFileKey, type FileStore } from '../../platform/file-store.ts';
import * as records from '../records/records.repo.ts';

/** A one-page PDF with a few lines of text (Helvetica), built by hand so the demo needs no file on disk. */
export function demoPdf(lines: string[]): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (m) => `\\${m}`);
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 56 ${780 - i * 22} Td (${esc(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * The demo patient's medical record (issue 16): last month's check-up at the center with the demo doctor, and its
 * result card as a PDF. The file goes into the file store; without one (the test template, the
 * benchmark) the record is seeded without its paper.
 */
export async function seedDemoRecords(
  db: Db,
  tenantId: string,
  o: { patientId: string; doctorId: string; clinic: string; now: Date; files?: FileStore | undefined },
): Promise<void> {
  const day = new Date(o.now.getTime() - 20 * 86_400_000).toISOString().slice(0, 10);
  const id = newId();
  await records.insertRecord(db, tenantId, id, o.patientId, {
    title: 'Quarterly check-up: blood tests',
    examinedOn: day,
    place: o.clinic,
    doctorId: o.doctorId,
    doctorName: null,
    note: 'Fasting glucose slightly high; repeat in three months.',
    userId: o.doctorId,
    now: new Date(`${day}T09:30:00Z`),
  });
  if (!o.files) return;
  const pdf = demoPdf([
    'Result card - blood tests',
    `Date: ${day}`,
    'Fasting glucose: 6.4 mmol/L (3.9 - 5.6)',
    'HbA1c: 6.0 %',
    'Total cholesterol: 5.1 mmol/L',
    'Creatinine: 78 umol/L',
  ]);
  const { key: path } = await o.files.put(newFileKey('medical-records', tenantId, 'pdf'), pdf, {
    contentType: 'application/pdf',
  });
  await records.insertAttachment(db, tenantId, {
    id: newId(),
    recordId: id,
    type: 'RESULT_CARD',
    fileName: 'result-card.pdf',
    contentType: 'application/pdf',
    size: pdf.length,
    path,
    userId: o.doctorId,
    now: new Date(`${day}T09:30:00Z`),
  });
}
