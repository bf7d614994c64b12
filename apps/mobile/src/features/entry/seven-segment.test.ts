import { describe, expect, test } from 'vitest';
import { readSevenSegment, rgbaToGray, type GrayImage } from './seven-segment.ts';
import {
  bpMonitor,
  oximeter,
  renderDisplay,
  renderPolygons,
  seeded,
  singleValue,
  type DisplayStyle,
  type Poly,
} from './seven-segment-render.ts';

const texts = (img: GrayImage) => readSevenSegment(img).map((n) => n.text);

/** A random camera: LCD (dark on light, lower contrast) or LED (light on dark), blur, noise, light, tilt. */
function randomStyle(rnd: () => number): Partial<DisplayStyle> {
  const lcd = rnd() < 0.6;
  const bg = lcd ? 150 + rnd() * 70 : 15 + rnd() * 40;
  const contrast = 60 + rnd() * 110;
  return {
    width: 300 + Math.round(rnd() * 120),
    height: 220 + Math.round(rnd() * 80),
    background: bg,
    foreground: lcd ? bg - contrast : Math.min(255, bg + contrast),
    noise: 2 + rnd() * 10,
    blur: Math.floor(rnd() * 3),
    rotation: (rnd() - 0.5) * 6,
    slant: rnd() * 0.08,
    gradient: (rnd() - 0.5) * 60,
    clutter: rnd() < 0.5,
  };
}

describe('seven-segment reader', () => {
  test('reads a clean blood-pressure monitor, rows top to bottom', () => {
    expect(texts(bpMonitor(128, 84, 71))).toEqual(['128', '84', '71']);
  });

  test('reads every digit 0–9', () => {
    expect(texts(singleValue('0123', { width: 420 }))).toEqual(['0123']);
    expect(texts(singleValue('4567', { width: 420 }))).toEqual(['4567']);
    expect(texts(singleValue('8901', { width: 420 }))).toEqual(['8901']);
    expect(texts(singleValue('1111', { width: 420 }))).toEqual(['1111']);
  });

  test('keeps the decimal point', () => {
    const [n] = readSevenSegment(singleValue('36.8'));
    expect(n).toMatchObject({ text: '36.8', value: 36.8, decimals: 1 });
    expect(texts(singleValue('5.6'))).toEqual(['5.6']);
    expect(texts(singleValue('102.4'))).toEqual(['102.4']);
  });

  test('reads light digits on a dark panel (LED)', () => {
    expect(texts(bpMonitor(141, 92, 66, { background: 20, foreground: 220 }))).toEqual(['141', '92', '66']);
  });

  test('splits two numbers side by side (oximeter)', () => {
    expect(texts(oximeter(97, 104))).toEqual(['97', '104']);
  });

  test('ignores the frame and icons', () => {
    expect(texts(bpMonitor(117, 75, 80, { clutter: true }))).toEqual(['117', '75', '80']);
  });

  test('reads nothing on a blank or almost uniform screen', () => {
    expect(readSevenSegment(renderDisplay([], { noise: 8 }))).toEqual([]);
    expect(readSevenSegment(renderDisplay([], { noise: 3, gradient: 40 }))).toEqual([]);
    expect(readSevenSegment(renderDisplay([], { clutter: true }))).toEqual([]);
  });

  test('does not take printed glyphs with diagonals for segments (left to the text reader)', () => {
    // A printed "7" and "4": bars plus a diagonal stroke crossing the cell's holes.
    const bar = (x0: number, y0: number, x1: number, y1: number): Poly => [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ];
    const stroke = (xa: number, ya: number, xb: number, yb: number, t: number): Poly => [
      [xa - t / 2, ya],
      [xa + t / 2, ya],
      [xb + t / 2, yb],
      [xb - t / 2, yb],
    ];
    const seven = [bar(60, 60, 120, 72), stroke(114, 72, 80, 160, 14)];
    const four = [stroke(100, 60, 62, 125, 12), bar(60, 120, 130, 132), bar(104, 60, 116, 160)];
    expect(readSevenSegment(renderPolygons(seven))).toEqual([]);
    expect(readSevenSegment(renderPolygons(four))).toEqual([]);
  });

  test('converts RGBA pixels to gray', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 255, 255, 0, 0, 255]);
    expect([...rgbaToGray(rgba, 3, 1).data]).toEqual([255, 0, 76]);
  });

  test('share of correctly read values over 150 generated displays is at least 90 %', () => {
    const rnd = seeded(2026);
    const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
    let values = 0;
    let correct = 0;
    let displays = 0;
    let displaysCorrect = 0;
    const misses: string[] = [];
    for (let i = 0; i < 150; i++) {
      const style = randomStyle(rnd);
      const seed = 1000 + i;
      let expected: string[];
      let img: GrayImage;
      switch (i % 5) {
        case 0: {
          expected = [String(int(90, 199)), String(int(50, 110)), String(int(45, 130))];
          img = bpMonitor(Number(expected[0]), Number(expected[1]), Number(expected[2]), style, seed);
          break;
        }
        case 1:
          expected = [String(int(70, 250))];
          img = singleValue(expected[0]!, style, seed);
          break;
        case 2:
          expected = [(int(30, 250) / 10).toFixed(1)];
          img = singleValue(expected[0]!, style, seed);
          break;
        case 3:
          expected = [(int(355, 410) / 10).toFixed(1)];
          img = singleValue(expected[0]!, style, seed);
          break;
        default:
          expected = [String(int(88, 100)), String(int(45, 140))];
          img = oximeter(Number(expected[0]), Number(expected[1]), style, seed);
      }
      const got = texts(img);
      displays++;
      values += expected.length;
      const ok = expected.filter((v, k) => got[k] === v).length;
      correct += ok;
      if (ok === expected.length && got.length === expected.length) displaysCorrect++;
      else misses.push(`#${i} expected ${expected.join(' ')} got ${got.join(' ')} (${JSON.stringify(style)})`);
    }
    const share = correct / values;
    console.log(
      `seven-segment OCR: ${correct}/${values} values read correctly (${(share * 100).toFixed(1)} %), ` +
        `${displaysCorrect}/${displays} displays entirely right`,
    );
    if (misses.length > 0) console.log(misses.slice(0, 10).join('\n'));
    expect(share).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
