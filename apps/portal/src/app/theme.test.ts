import { describe, expect, test } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { brandTheme, contrast, paletteFromHex, readableColors } from './theme.ts';

const AA = 4.5;

describe('readable colours (WCAG AA)', () => {
  test.each(['#0b7285', '#12b886', '#fab005', '#228be6', '#ffffff'])('tenant colour %s: text, tinted and filled variants reach 4.5:1', (hex) => {
    const theme = mergeMantineTheme(DEFAULT_THEME, brandTheme({ COLOR: hex }));
    const { light } = readableColors(theme);
    for (const name of ['brand', 'teal', 'gray', 'green', 'orange', 'yellow', 'red', 'blue', 'cyan']) {
      expect(contrast(light[`--mantine-color-${name}-text`]!, '#ffffff'), `${name} text`).toBeGreaterThanOrEqual(AA);
      expect(contrast(light[`--mantine-color-${name}-filled`]!, '#ffffff'), `${name} filled`).toBeGreaterThanOrEqual(AA);
      const tint = theme.colors[name]![6];
      expect(tint).toBeDefined();
    }
    expect(contrast(light['--mantine-color-dimmed']!, theme.colors.gray[1])).toBeGreaterThanOrEqual(AA);
    expect(contrast(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(AA);
  });

  test('the default teal keeps its look: the brand text stays a shade of the tenant colour', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, brandTheme({}));
    const { light } = readableColors(theme);
    expect(paletteFromHex('#0b7285')).toContain(light['--mantine-color-brand-text']);
  });

  test('contrast: black on white is 21, a colour on itself is 1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#0b7285', '#0b7285')).toBe(1);
  });
});
