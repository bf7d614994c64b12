/**
 * Reads the numbers of a seven-segment display (LED or LCD) from a grayscale photo, without any model: binarize with a
 * local threshold, group the segments into digit boxes, look at the 7 segment zones of each box, then join the digits
 * of a row into numbers (with their decimal point). The photo entry uses it first; tesseract is the fallback for
 * printed text (ocr-reader.ts).
 */

/** One byte per pixel, row after row (0 = black). */
export type GrayImage = { width: number; height: number; data: Uint8Array | Uint8ClampedArray };

/** A number read on the display; `height` is the digit height in pixels (the big values are the main ones). */
export type ReadNumber = {
  text: string;
  value: number;
  decimals: number;
  height: number;
  /** Centre of the number, in pixels. */
  x: number;
  y: number;
  /** Row of the display, 0 at the top. */
  row: number;
};

type Box = { x0: number; y0: number; x1: number; y1: number; area: number };
type Digit = Box & { ch: string };

const w = (b: Box) => b.x1 - b.x0 + 1;
const h = (b: Box) => b.y1 - b.y0 + 1;

/** RGBA pixels (canvas getImageData) → gray, with the usual luma weights. */
export function rgbaToGray(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): GrayImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, j = 0; i < data.length; i++, j += 4)
    data[i] = (rgba[j]! * 299 + rgba[j + 1]! * 587 + rgba[j + 2]! * 114) / 1000;
  return { width, height, data };
}

/** 3×3 box blur: takes the sensor noise off before thresholding. */
function smooth(img: GrayImage): Float32Array {
  const { width: W, height: H, data } = img;
  const out = new Float32Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          sum += data[yy * W + xx]!;
          n++;
        }
      }
      out[y * W + x] = sum / n;
    }
  return out;
}

/** The spread between the darkest and brightest few percent: a blank or blurred-out screen has almost none. */
function contrastOf(g: Float32Array): number {
  const hist = new Uint32Array(256);
  for (const v of g) hist[Math.max(0, Math.min(255, Math.round(v)))]!++;
  const cut = g.length * 0.02;
  let lo = 0;
  for (let acc = 0; lo < 255 && (acc += hist[lo]!) < cut;) lo++;
  let hi = 255;
  for (let acc = 0; hi > 0 && (acc += hist[hi]!) < cut;) hi--;
  return hi - lo;
}

/**
 * Foreground mask: pixels clearly darker (`dark`, LCD) or lighter (`light`, LED) than the mean of their neighbourhood.
 * Null when the picture has too little contrast to hold any digit.
 */
export function binarize(img: GrayImage, polarity: 'dark' | 'light'): Uint8Array | null {
  const { width: W, height: H } = img;
  const g = smooth(img);
  const contrast = contrastOf(g);
  if (contrast < 24) return null;
  const integral = new Float64Array((W + 1) * (H + 1));
  for (let y = 0; y < H; y++) {
    let row = 0;
    for (let x = 0; x < W; x++) {
      row += g[y * W + x]!;
      integral[(y + 1) * (W + 1) + x + 1] = integral[y * (W + 1) + x + 1]! + row;
    }
  }
  const r = Math.max(6, Math.round(Math.min(W, H) / 8));
  const k = Math.max(10, contrast * 0.22);
  const mask = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(H, y + r + 1);
    for (let x = 0; x < W; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(W, x + r + 1);
      const sum =
        integral[yb * (W + 1) + xb]! -
        integral[ya * (W + 1) + xb]! -
        integral[yb * (W + 1) + xa]! +
        integral[ya * (W + 1) + xa]!;
      const mean = sum / ((yb - ya) * (xb - xa));
      const v = g[y * W + x]!;
      if (polarity === 'dark' ? v < mean - k : v > mean + k) mask[y * W + x] = 1;
    }
  }
  return mask;
}

/** 8-connected components of the mask, as boxes. */
function components(mask: Uint8Array, W: number, H: number): Box[] {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  const boxes: Box[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    const b: Box = { x0: W, y0: H, x1: 0, y1: 0, area: 0 };
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % W;
      const y = (p - x) / W;
      b.area++;
      if (x < b.x0) b.x0 = x;
      if (x > b.x1) b.x1 = x;
      if (y < b.y0) b.y0 = y;
      if (y > b.y1) b.y1 = y;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = y + dy;
        if (yy < 0 || yy >= H) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const xx = x + dx;
          if (xx < 0 || xx >= W) continue;
          const q = yy * W + xx;
          if (mask[q] && !seen[q]) {
            seen[q] = 1;
            stack[top++] = q;
          }
        }
      }
    }
    boxes.push(b);
  }
  return boxes;
}

const gapBetween = (a: Box, b: Box) =>
  Math.max(Math.max(a.x0, b.x0) - Math.min(a.x1, b.x1), Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1), 0);

/** A small squarish blob: a decimal point (or a speck), kept out of the digit boxes. */
const dotLike = (b: Box) => {
  const ratio = w(b) / h(b);
  return ratio >= 0.6 && ratio <= 1.6 && b.area >= 0.6 * w(b) * h(b);
};

/** Segments separated by the display's small gaps are joined into one box per digit. */
function cluster(parts: Box[]): Box[] {
  const parent = parts.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  const long = (b: Box) => Math.max(w(b), h(b));
  for (let i = 0; i < parts.length; i++)
    for (let j = i + 1; j < parts.length; j++) {
      const a = parts[i]!;
      const b = parts[j]!;
      // The two halves of a "1" (or of any vertical stroke) are stacked with a wider gap than segments at a corner.
      const xOverlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const stacked = xOverlap >= 0.5 * Math.min(w(a), w(b));
      const reach = (stacked ? 0.4 : 0.1) * Math.min(long(a), long(b)) + 1;
      if (gapBetween(a, b) <= reach) parent[find(i)] = find(j);
    }
  const groups = new Map<number, Box>();
  parts.forEach((p, i) => {
    const root = find(i);
    const g = groups.get(root);
    if (!g) groups.set(root, { ...p });
    else {
      g.x0 = Math.min(g.x0, p.x0);
      g.y0 = Math.min(g.y0, p.y0);
      g.x1 = Math.max(g.x1, p.x1);
      g.y1 = Math.max(g.y1, p.y1);
      g.area += p.area;
    }
  });
  return [...groups.values()];
}

// Segments a b c d e f g as bits 6..0.
const PATTERNS: Array<[number, string]> = [
  [0b1111110, '0'],
  [0b0110000, '1'],
  [0b1101101, '2'],
  [0b1111001, '3'],
  [0b0110011, '4'],
  [0b1011011, '5'],
  [0b1011111, '6'],
  [0b0011111, '6'],
  [0b1110000, '7'],
  [0b1110010, '7'],
  [0b1111111, '8'],
  [0b1111011, '9'],
  [0b1110011, '9'],
];

const bits = (n: number) => n.toString(2).replaceAll('0', '').length;

/** The digit whose segment pattern matches, or the only one a single segment away; null otherwise. */
function patternDigit(on: number): string | null {
  const exact = PATTERNS.find(([p]) => p === on);
  if (exact) return exact[1];
  const near = new Set(PATTERNS.filter(([p]) => bits(p ^ on) === 1).map(([, ch]) => ch));
  return near.size === 1 ? [...near][0]! : null;
}

/** Share of foreground along a line from (xa, ya) to (xb, yb), in pixels of the mask. */
function lineHits(mask: Uint8Array, W: number, xa: number, ya: number, xb: number, yb: number): number {
  const n = Math.max(2, Math.round(Math.max(Math.abs(xb - xa), Math.abs(yb - ya))));
  let hits = 0;
  for (let i = 0; i <= n; i++) {
    const x = Math.round(xa + ((xb - xa) * i) / n);
    const y = Math.round(ya + ((yb - ya) * i) / n);
    if (mask[y * W + x]) hits++;
  }
  return hits;
}

/** Reads one digit box: a "1" by its shape, the others by which of the 7 segment zones hold ink. */
function readDigit(mask: Uint8Array, W: number, b: Box): string | null {
  const bw = w(b);
  const bh = h(b);
  const fill = b.area / (bw * bh);
  if (bh < 8) return null;
  if (bw < 0.34 * bh) {
    // Tall and thin: a "1" when the stroke runs (almost) the whole height.
    const cx = Math.round((b.x0 + b.x1) / 2);
    return lineHits(mask, W, cx, b.y0, cx, b.y1) >= 0.7 * bh ? '1' : null;
  }
  // Wider than a digit, or solid (an icon): not a digit.
  if (bw > 0.95 * bh || fill > 0.75) return null;
  const X = (f: number) => b.x0 + f * (bw - 1);
  const Y = (f: number) => b.y0 + f * (bh - 1);
  // The two holes of a seven-segment cell are always empty; printed glyphs cross them (the diagonals of 2, 4, 7).
  const hole = (ya: number, yb: number) => {
    let ink = 0;
    let all = 0;
    for (let y = Math.round(Y(ya)); y <= Math.round(Y(yb)); y++)
      for (let x = Math.round(X(0.4)); x <= Math.round(X(0.6)); x++, all++) ink += mask[y * W + x]!;
    return ink / Math.max(1, all);
  };
  if (hole(0.25, 0.33) > 0.3 || hole(0.67, 0.75) > 0.3) return null;
  const need = Math.max(1, bh * 0.03);
  // Horizontal segments: vertical probes through the middle third; vertical segments: horizontal probes.
  const horizontal = (ya: number, yb: number) =>
    [0.4, 0.5, 0.6].filter((fx) => lineHits(mask, W, X(fx), Y(ya), X(fx), Y(yb)) >= need).length >= 2;
  const vertical = (xa: number, xb: number, ys: number[]) =>
    ys.filter((fy) => lineHits(mask, W, X(xa), Y(fy), X(xb), Y(fy)) >= need).length >= 2;
  const a = horizontal(0, 0.22);
  const g = horizontal(0.36, 0.64);
  const d = horizontal(0.78, 1);
  const f = vertical(0, 0.42, [0.22, 0.28, 0.34]);
  const bb = vertical(0.58, 1, [0.22, 0.28, 0.34]);
  const e = vertical(0, 0.42, [0.66, 0.72, 0.78]);
  const c = vertical(0.58, 1, [0.66, 0.72, 0.78]);
  const on = [a, bb, c, d, e, f, g].reduce((acc, s) => (acc << 1) | (s ? 1 : 0), 0);
  return patternDigit(on);
}

/** The digits of one polarity, grouped into rows and numbers. */
function readPolarity(img: GrayImage, polarity: 'dark' | 'light'): ReadNumber[] {
  const { width: W, height: H } = img;
  const mask = binarize(img, polarity);
  if (!mask) return [];
  const minArea = Math.max(5, Math.round(W * H * 0.00001));
  const parts = components(mask, W, H).filter((b) => b.area >= minArea && w(b) < W * 0.9 && h(b) < H * 0.9);
  // Dots join no digit; everything else is grouped by proximity.
  const big = parts.filter((b) => !dotLike(b) || Math.max(w(b), h(b)) > 0.1 * Math.min(W, H));
  const dots = parts.filter((b) => !big.includes(b));
  const digits: Digit[] = [];
  // Digits smaller than this are specks or fine print, not a measured value.
  const minHeight = Math.max(10, 0.07 * Math.min(W, H));
  for (const box of cluster(big)) {
    if (h(box) < minHeight) continue;
    const ch = readDigit(mask, W, box);
    if (ch) digits.push({ ...box, ch });
  }
  return toNumbers(digits, dots);
}

/** Digits with the same height on the same line form a row; a wide gap splits a row into numbers. */
function toNumbers(digits: Digit[], dots: Box[]): ReadNumber[] {
  const rows: Digit[][] = [];
  for (const d of [...digits].sort((p, q) => h(q) - h(p))) {
    const row = rows.find((r) => {
      const ref = r[0]!;
      const overlap = Math.min(ref.y1, d.y1) - Math.max(ref.y0, d.y0);
      return overlap >= 0.6 * Math.min(h(ref), h(d)) && h(d) >= 0.65 * h(ref);
    });
    if (row) row.push(d);
    else rows.push([d]);
  }
  rows.sort((p, q) => p[0]!.y0 - q[0]!.y0);
  const numbers: ReadNumber[] = [];
  rows.forEach((row, rowIndex) => {
    row.sort((p, q) => p.x0 - q.x0);
    const height = Math.max(...row.map(h));
    const wide = row.filter((d) => d.ch !== '1').map(w);
    const cellWidth = wide.length > 0 ? wide.reduce((s, v) => s + v, 0) / wide.length : 0.55 * height;
    // A "1" is drawn at the right of its cell: its cell starts one digit width before its right edge.
    const left = (d: Digit) => (d.ch === '1' ? Math.min(d.x0, d.x1 - cellWidth) : d.x0);
    const bottom = Math.max(...row.map((d) => d.y1));
    const dotAfter = (d: Digit, next: Digit | undefined) =>
      dots.some((p) => {
        const cx = (p.x0 + p.x1) / 2;
        const cy = (p.y0 + p.y1) / 2;
        return (
          Math.max(w(p), h(p)) <= 0.3 * height &&
          cy >= bottom - 0.25 * height &&
          cy <= bottom + 0.1 * height &&
          cx >= d.x1 - 0.1 * height &&
          cx <= (next ? left(next) + 0.1 * height : d.x1 + 0.35 * height)
        );
      });
    let current: Digit[] = [];
    let text = '';
    const flush = () => {
      if (current.length === 0) return;
      const clean = text.replace(/\.$/, '');
      const x0 = Math.min(...current.map(left));
      const x1 = Math.max(...current.map((d) => d.x1));
      numbers.push({
        text: clean,
        value: Number(clean),
        decimals: clean.includes('.') ? clean.split('.')[1]!.length : 0,
        height,
        x: (x0 + x1) / 2,
        y: (Math.min(...current.map((d) => d.y0)) + bottom) / 2,
        row: rowIndex,
      });
      current = [];
      text = '';
    };
    row.forEach((d, i) => {
      const prev = row[i - 1];
      if (prev && left(d) - prev.x1 > 0.6 * height && !text.endsWith('.')) flush();
      current.push(d);
      text += d.ch;
      if (!text.includes('.') && dotAfter(d, row[i + 1]) && row[i + 1]) text += '.';
    });
    flush();
  });
  return numbers;
}

/**
 * Every number on the display, top to bottom and left to right. Both polarities are tried (dark digits on an LCD,
 * light ones on an LED display); the one that reads more digits wins.
 */
export function readSevenSegment(img: GrayImage): ReadNumber[] {
  const dark = readPolarity(img, 'dark');
  const light = readPolarity(img, 'light');
  const score = (ns: ReadNumber[]) => ns.reduce((s, n) => s + n.text.replace('.', '').length * n.height, 0);
  return score(light) > score(dark) ? light : dark;
}
