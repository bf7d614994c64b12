import { zlibSync } from 'fflate';
import type { GrayImage } from './seven-segment.ts';

/**
 * Draws synthetic photos of seven-segment displays (LCD: dark digits on a light panel; LED: light digits on a dark
 * one) with blur, noise, uneven light, slant and a slight rotation. Test material for the photo entry: the unit tests
 * and the e2e test render their "photos" with it, so no image file is stored.
 */

/** A number drawn right-aligned at `right`, with its digit tops at `top` (pixels). */
export type DrawnNumber = { text: string; right: number; top: number; height: number };

export type DisplayStyle = {
  width: number;
  height: number;
  /** Panel and digit gray levels (0–255). */
  background: number;
  foreground: number;
  /** Standard deviation of the sensor noise, in gray levels. */
  noise: number;
  /** Box-blur passes of radius 1. */
  blur: number;
  /** Degrees, clockwise. */
  rotation: number;
  /** Italic shear of the digits (0 = upright, 0.1 = 10 % of the height). */
  slant: number;
  /** Light falling off across the picture, in gray levels from left to right. */
  gradient: number;
  /** Small icons and a frame around the panel, as on real monitors. */
  clutter: boolean;
};

export const DEFAULT_STYLE: DisplayStyle = {
  width: 320,
  height: 240,
  background: 190,
  foreground: 50,
  noise: 6,
  blur: 1,
  rotation: 0,
  slant: 0,
  gradient: 0,
  clutter: false,
};

type Pt = [number, number];
/** A filled polygon, in pixels. */
export type Poly = Pt[];

const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
  '-': 'g',
};

/** Deterministic random numbers (mulberry32) so a failing display can be drawn again from its seed. */
export function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hSeg(x0: number, x1: number, y: number, s: number): Poly {
  const k = s / 2;
  return [
    [x0, y],
    [x0 + k, y - k],
    [x1 - k, y - k],
    [x1, y],
    [x1 - k, y + k],
    [x0 + k, y + k],
  ];
}
function vSeg(x: number, y0: number, y1: number, s: number): Poly {
  const k = s / 2;
  return [
    [x, y0],
    [x + k, y0 + k],
    [x + k, y1 - k],
    [x, y1],
    [x - k, y1 - k],
    [x - k, y0 + k],
  ];
}

/** The polygons of one digit cell whose top-left corner is (left, top). */
function digitPolys(ch: string, left: number, top: number, H: number, slant: number): Poly[] {
  const W = 0.55 * H;
  const s = 0.13 * H;
  const g = 0.035 * H;
  const k = s / 2;
  const parts: Record<string, Poly> = {
    a: hSeg(k + g, W - k - g, k, s),
    g: hSeg(k + g, W - k - g, H / 2, s),
    d: hSeg(k + g, W - k - g, H - k, s),
    f: vSeg(k, k + g, H / 2 - g, s),
    b: vSeg(W - k, k + g, H / 2 - g, s),
    e: vSeg(k, H / 2 + g, H - k - g, s),
    c: vSeg(W - k, H / 2 + g, H - k - g, s),
  };
  const shear = ([x, y]: Pt): Pt => [left + x + (H - y) * slant, top + y];
  return [...(SEGMENTS[ch] ?? '')].map((seg) => parts[seg]!.map(shear));
}

/** The polygons of a number: digits right-aligned, a decimal point in the gap after its digit. */
export function numberPolys(n: DrawnNumber, slant = 0): Poly[] {
  const H = n.height;
  const pitch = 0.55 * H + 0.22 * H;
  const digits = [...n.text].filter((c) => c !== '.');
  const polys: Poly[] = [];
  let index = 0;
  const chars = [...n.text];
  chars.forEach((ch, i) => {
    if (ch === '.') return;
    const left = n.right - (digits.length - index) * pitch + 0.22 * H;
    polys.push(...digitPolys(ch, left, n.top, H, slant));
    if (chars[i + 1] === '.') {
      const s = 0.13 * H;
      const cx = left + 0.55 * H + 0.11 * H;
      const y1 = n.top + H;
      polys.push([
        [cx - s / 2, y1 - s],
        [cx + s / 2, y1 - s],
        [cx + s / 2, y1],
        [cx - s / 2, y1],
      ]);
    }
    index++;
  });
  return polys;
}

function inside(poly: Poly, x: number, y: number): boolean {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
}

function boxBlur(src: Float32Array, W: number, H: number): Float32Array {
  const out = new Float32Array(src.length);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++)
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          const yy = y + dy;
          if (xx < 0 || yy < 0 || xx >= W || yy >= H) continue;
          sum += src[yy * W + xx]!;
          n++;
        }
      out[y * W + x] = sum / n;
    }
  return out;
}

/** Renders the numbers (plus clutter) on a panel, then the camera's faults. */
export function renderDisplay(numbers: DrawnNumber[], style: Partial<DisplayStyle> = {}, seed = 1): GrayImage {
  const st = { ...DEFAULT_STYLE, ...style };
  return renderPolygons(
    numbers.flatMap((n) => numberPolys(n, st.slant)),
    style,
    seed,
  );
}

/** Renders any shapes (digits, printed glyphs, icons) in the foreground colour, then the camera's faults. */
export function renderPolygons(shapes: Poly[], style: Partial<DisplayStyle> = {}, seed = 1): GrayImage {
  const st = { ...DEFAULT_STYLE, ...style };
  const rnd = seeded(seed);
  const { width: W, height: H } = st;
  const polys = [...shapes];
  if (st.clutter) {
    // A frame around the panel, a battery icon and a heart mark: things a reader must not take for digits.
    const m = 6;
    const t = 3;
    polys.push(
      [
        [m, m],
        [W - m, m],
        [W - m, m + t],
        [m, m + t],
      ],
      [
        [m, H - m - t],
        [W - m, H - m - t],
        [W - m, H - m],
        [m, H - m],
      ],
      [
        [16, 18],
        [44, 18],
        [44, 30],
        [16, 30],
      ],
      [
        [20, H - 40],
        [30, H - 48],
        [40, H - 40],
        [30, H - 30],
      ],
    );
  }
  // Rotation about the centre: the polygons are rotated, the pixels sampled 2×2 for smooth edges.
  const a = (st.rotation * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const rot = ([x, y]: Pt): Pt => [
    W / 2 + (x - W / 2) * cos - (y - H / 2) * sin,
    H / 2 + (x - W / 2) * sin + (y - H / 2) * cos,
  ];
  const cover = new Float32Array(W * H);
  for (const p of polys.map((poly) => poly.map(rot))) {
    const xs = p.map((q) => q[0]);
    const ys = p.map((q) => q[1]);
    const x0 = Math.max(0, Math.floor(Math.min(...xs)));
    const x1 = Math.min(W - 1, Math.ceil(Math.max(...xs)));
    const y0 = Math.max(0, Math.floor(Math.min(...ys)));
    const y1 = Math.min(H - 1, Math.ceil(Math.max(...ys)));
    for (let y = y0; y <= y1; y++)
      for (let x = x0; x <= x1; x++) {
        let c = 0;
        for (const [ox, oy] of [
          [0.25, 0.25],
          [0.75, 0.25],
          [0.25, 0.75],
          [0.75, 0.75],
        ] as const)
          if (inside(p, x + ox, y + oy)) c += 0.25;
        cover[y * W + x] = Math.min(1, cover[y * W + x]! + c);
      }
  }
  let img: Float32Array = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const light = st.gradient * (x / W - 0.5);
      const i = y * W + x;
      img[i] = st.background + light + (st.foreground - st.background) * cover[i]!;
    }
  for (let i = 0; i < st.blur; i++) img = boxBlur(img, W, H);
  const data = new Uint8Array(W * H);
  for (let i = 0; i < data.length; i++) {
    // Box–Muller for Gaussian noise.
    const n = Math.sqrt(-2 * Math.log(rnd() || 1e-9)) * Math.cos(2 * Math.PI * rnd());
    data[i] = Math.max(0, Math.min(255, Math.round(img[i]! + n * st.noise)));
  }
  return { width: W, height: H, data };
}

/** A blood-pressure monitor's screen: systolic and diastolic large, pulse smaller underneath. */
export function bpMonitor(sys: number, dia: number, pulse: number, style: Partial<DisplayStyle> = {}, seed = 1) {
  const W = style.width ?? DEFAULT_STYLE.width;
  const H = style.height ?? DEFAULT_STYLE.height;
  const big = H * 0.27;
  return renderDisplay(
    [
      { text: String(sys), right: W * 0.86, top: H * 0.08, height: big },
      { text: String(dia), right: W * 0.86, top: H * 0.08 + big * 1.25, height: big },
      { text: String(pulse), right: W * 0.86, top: H * 0.08 + big * 2.5, height: big * 0.55 },
    ],
    { ...style, width: W, height: H },
    seed,
  );
}

/** A device showing one value (glucometer, scale, thermometer), e.g. "36.8". */
export function singleValue(text: string, style: Partial<DisplayStyle> = {}, seed = 1) {
  const W = style.width ?? DEFAULT_STYLE.width;
  const H = style.height ?? DEFAULT_STYLE.height;
  return renderDisplay(
    [{ text, right: W * 0.85, top: H * 0.28, height: H * 0.42 }],
    { ...style, width: W, height: H },
    seed,
  );
}

/** A pulse oximeter: SpO2 on the left, pulse rate on the right. */
export function oximeter(spo2: number, pulse: number, style: Partial<DisplayStyle> = {}, seed = 1) {
  const W = style.width ?? DEFAULT_STYLE.width;
  const H = style.height ?? DEFAULT_STYLE.height;
  const size = Math.min(H * 0.26, W * 0.125);
  // Room for three pulse digits, then a gap of one digit height before the SpO2.
  const spo2Right = W * 0.95 - 3 * 0.77 * size - 0.8 * size;
  return renderDisplay(
    [
      { text: String(spo2), right: spo2Right, top: H * 0.34, height: size },
      { text: String(pulse), right: W * 0.95, top: H * 0.34, height: size },
    ],
    { ...style, width: W, height: H },
    seed,
  );
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const b of bytes) crc = CRC_TABLE[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A gray image as a PNG file (8-bit grayscale): the "photo" the e2e test picks through the file input. */
export function encodePng(img: GrayImage): Uint8Array {
  const { width: W, height: H } = img;
  const raw = new Uint8Array((W + 1) * H);
  for (let y = 0; y < H; y++) raw.set(img.data.subarray(y * W, (y + 1) * W), y * (W + 1) + 1);
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, body.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(body, 8);
    view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
    return out;
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, W);
  new DataView(header.buffer).setUint32(4, H);
  header[8] = 8; // bit depth
  header[9] = 0; // grayscale
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const p of parts) {
    png.set(p, at);
    at += p.length;
  }
  return png;
}
