import { mapOcrNumbers, numbersInWords, type OcrDevice, type OcrOutcome } from './ocr-rules.ts';
import { readSevenSegment, rgbaToGray, type GrayImage } from './seven-segment.ts';
import type { UnitPrefs } from '@carewatch/clinical/units';

/** What was read, and by which reader: the seven-segment one, or tesseract's text recognition. */
export type OcrRead =
  (Extract<OcrOutcome, { ok: true }> & { source: 'segments' | 'text' }) | Extract<OcrOutcome, { ok: false }>;

/** Photos are read at most this wide or high: enough for a display's digits, and quick on a phone. */
const MAX_SIDE = 1000;

/**
 * Where the build puts tesseract's worker, core (WebAssembly) and English model (vite.config.ts `ocrAssets`): served by
 * our own server, never a CDN. Loaded only when the seven-segment reader found nothing usable.
 */
const OCR_BASE = `${import.meta.env.BASE_URL}ocr/`;

/** The photo's pixels in gray, scaled down to at most MAX_SIDE. */
async function decode(photo: Blob): Promise<{ gray: GrayImage; canvas: HTMLCanvasElement }> {
  const bitmap = await createImageBitmap(photo);
  const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) throw new Error('No 2D canvas');
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  return { gray: rgbaToGray(data, canvas.width, canvas.height), canvas };
}

/** The words of printed or LCD text read by tesseract, with their height (lazy: its code and model load here). */
async function tesseractWords(canvas: HTMLCanvasElement): Promise<Array<{ text: string; height: number }>> {
  const { createWorker } = await import('tesseract.js');
  const worker = await createWorker('eng', 1, {
    workerPath: `${OCR_BASE}worker.min.js`,
    corePath: `${OCR_BASE}tesseract-core-lstm.wasm.js`,
    langPath: OCR_BASE,
    gzip: true,
    // A blob: worker would need worker-src blob: in our CSP; the worker file is loaded from our server instead.
    workerBlobURL: false,
  });
  try {
    const result = await worker.recognize(canvas, {}, { blocks: true });
    return (result.data.blocks ?? []).flatMap((b) =>
      b.paragraphs.flatMap((p) =>
        p.lines.flatMap((l) => l.words.map((w) => ({ text: w.text, height: w.bbox.y1 - w.bbox.y0 }))),
      ),
    );
  } finally {
    await worker.terminate();
  }
}

/**
 * Reads a device photo for the entry form: the seven-segment reader first (most monitors), tesseract when it finds
 * nothing plausible for the device. Throws only when the photo cannot be opened.
 */
export async function readDevicePhoto(photo: Blob, device: OcrDevice, prefs: UnitPrefs): Promise<OcrRead> {
  const { gray, canvas } = await decode(photo);
  const segments = mapOcrNumbers(device, readSevenSegment(gray), prefs);
  if (segments.ok) return { ...segments, source: 'segments' };
  try {
    const text = mapOcrNumbers(device, numbersInWords(await tesseractWords(canvas)), prefs);
    return text.ok ? { ...text, source: 'text' } : text;
  } catch {
    // The fallback could not run (old browser, files not reachable offline): the photo is simply not readable.
    return segments;
  }
}
