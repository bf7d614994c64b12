import jsQR from 'jsqr';
import { toDataURL } from 'qrcode';

/** A QR image (PNG data URL) of a contact token, large enough to scan from another phone's screen. */
export function qrDataUrl(token: string): Promise<string> {
  return toDataURL(token, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
}

/** Decodes the QR code in RGBA pixels, or null. */
export function decodePixels(data: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Photos from a phone camera are large; scaled down to this many pixels wide they decode faster and as well. */
const MAX_SIDE = 1200;

/** Draws an image source on a canvas and decodes its QR code, or null when there is none. */
export function decodeDrawable(source: CanvasImageSource, width: number, height: number): string | null {
  if (!width || !height) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, w, h);
  return decodePixels(ctx.getImageData(0, 0, w, h).data, w, h);
}

/** "Scan from a photo": the QR code in a picture file, or null. */
export async function decodeFile(file: Blob): Promise<string | null> {
  const bitmap = await createImageBitmap(file);
  try {
    return decodeDrawable(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}

/** The browser's native detector (Chrome on Android, Safari 17+), not in TypeScript's DOM types yet. */
type BarcodeDetectorLike = { detect: (source: CanvasImageSource) => Promise<Array<{ rawValue: string }>> };
type BarcodeDetectorCtor = new (options: { formats: string[] }) => BarcodeDetectorLike;

/**
 * A decoder for camera frames: the native `BarcodeDetector` when the browser has one for QR codes, else jsQR on the
 * frame's pixels.
 */
export async function frameDecoder(): Promise<(video: HTMLVideoElement) => Promise<string | null>> {
  const Ctor = (
    globalThis as { BarcodeDetector?: BarcodeDetectorCtor & { getSupportedFormats?: () => Promise<string[]> } }
  ).BarcodeDetector;
  if (Ctor) {
    const formats = (await Ctor.getSupportedFormats?.().catch(() => [])) ?? [];
    if (formats.includes('qr_code')) {
      const detector = new Ctor({ formats: ['qr_code'] });
      return async (video) => (await detector.detect(video).catch(() => []))[0]?.rawValue ?? null;
    }
  }
  return async (video) => decodeDrawable(video, video.videoWidth, video.videoHeight);
}
