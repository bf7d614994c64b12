import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF written by pdfkit (platform/pdf-report.ts), for tests: every text operation (Tj / TJ) of every
 * content stream, decoded through its font's ToUnicode map (embedded subset fonts write glyph ids, not characters),
 * one line per text block, in drawing order. Compressed (FlateDecode) or plain streams alike. Not a general PDF
 * parser: enough for the documents this server writes.
 */
export function pdfText(pdf: Buffer): string {
  const src = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: Buffer | null }>();
  const objRe = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let m = objRe.exec(src); m; m = objRe.exec(src)) {
    const body = m[2]!;
    const s = body.indexOf('stream');
    if (s < 0) {
      objects.set(m[1]!, { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, s);
    let start = s + 'stream'.length;
    if (body[start] === '\r') start++;
    if (body[start] === '\n') start++;
    const length = /\/Length\s+(\d+)\b(?!\s+\d+\s+R)/.exec(dict);
    const end = length ? start + Number(length[1]) : body.lastIndexOf('endstream');
    let raw = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/Filter\s*\/FlateDecode/.test(dict)) raw = inflateSync(raw);
    objects.set(m[1]!, { dict, stream: raw });
  }
  // Font resource name (F1) → code → text, from each font's ToUnicode CMap.
  const cmaps = new Map<string, Map<number, string>>();
  const fontRe = /\/(F\d+)\s+(\d+) 0 R/g;
  for (const o of objects.values()) {
    const fonts = /\/Font\s*<<([\s\S]*?)>>/.exec(o.dict);
    if (!fonts) continue;
    for (let m = fontRe.exec(fonts[1]!); m; m = fontRe.exec(fonts[1]!)) {
      if (cmaps.has(m[1]!)) continue;
      const font = objects.get(m[2]!);
      const tu = font && /\/ToUnicode\s+(\d+) 0 R/.exec(font.dict);
      const cmap = tu && objects.get(tu[1]!)?.stream;
      if (cmap) cmaps.set(m[1]!, parseCMap(cmap.toString('latin1')));
    }
  }
  const lines: string[] = [];
  for (const o of objects.values()) {
    if (!o.stream || o.dict.includes('/Subtype /Image') || o.dict.includes('/Length1')) continue;
    const content = o.stream.toString('latin1');
    if (!/\bBT\b/.test(content)) continue;
    let font = new Map<number, string>();
    let line = '';
    const tokRe = /\/(F\d+)\s+[\d.]+\s+Tf|\[((?:[^\]\\]|\\.)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj|\bET\b/g;
    for (let m = tokRe.exec(content); m; m = tokRe.exec(content)) {
      if (m[1]) font = cmaps.get(m[1]) ?? new Map();
      else if (m[2] !== undefined) for (const h of m[2].matchAll(/<([0-9a-fA-F]*)>/g)) line += decode(h[1]!, font);
      else if (m[3] !== undefined) line += decode(m[3], font);
      else {
        if (line) lines.push(line);
        line = '';
      }
    }
    if (line) lines.push(line);
  }
  return lines.join('\n');
}

function decode(hex: string, cmap: ReadonlyMap<number, string>): string {
  let out = '';
  for (let i = 0; i + 4 <= hex.length; i += 4) out += cmap.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
  return out;
}

const utf16 = (hex: string): string => {
  const units: number[] = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return String.fromCharCode(...units);
};

function parseCMap(text: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(m[1]!, 16), utf16(m[2]!));
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const m of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g)) {
      const lo = parseInt(m[1]!, 16);
      const hi = parseInt(m[2]!, 16);
      if (m[3]!.startsWith('[')) {
        [...m[3]!.matchAll(/<([0-9a-fA-F]+)>/g)].forEach((d, i) => map.set(lo + i, utf16(d[1]!)));
      } else {
        const start = parseInt(m[3]!.slice(1, -1), 16);
        for (let c = lo; c <= hi; c++) map.set(c, String.fromCharCode(start + c - lo));
      }
    }
  }
  return map;
}
