import { describe, expect, test } from 'vitest';
import { DEFAULT_THEME, mergeMantineTheme } from '@mantine/core';
import { contrast, paletteFromHex, readableColors, webTheme } from './theme.ts';

const AA = 4.5;
const labels = { close: 'Close' };

describe('readable colours (WCAG AA)', () => {
  test.each(['#0b7285', '#12b886', '#fab005', '#228be6', '#ffffff', 'teal'])(
    'primary colour %s: text, tinted and filled variants reach 4.5:1',
    (primary) => {
      const theme = mergeMantineTheme(DEFAULT_THEME, webTheme({ primary, labels }));
      const { light } = readableColors(theme);
      for (const name of [theme.primaryColor, 'teal', 'gray', 'green', 'orange', 'yellow', 'red', 'blue', 'cyan']) {
        expect(contrast(light[`--mantine-color-${name}-text`]!, '#ffffff'), `${name} text`).toBeGreaterThanOrEqual(AA);
        expect(contrast(light[`--mantine-color-${name}-filled`]!, '#ffffff'), `${name} filled`).toBeGreaterThanOrEqual(
          AA,
        );
        expect(
          contrast(light[`--mantine-color-${name}-light-color`]!, theme.colors[name]![0]),
          `${name} light`,
        ).toBeGreaterThanOrEqual(AA);
      }
      expect(contrast(light['--mantine-color-dimmed']!, theme.colors.gray[1])).toBeGreaterThanOrEqual(AA);
      expect(contrast(light['--mantine-color-error']!, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(light['--mantine-color-anchor']!, '#ffffff')).toBeGreaterThanOrEqual(AA);
      expect(contrast(light['--mantine-color-placeholder']!, '#ffffff')).toBeGreaterThanOrEqual(AA);
    },
  );

  test('a hex primary (the tenant colour) becomes the brand palette and keeps its look: the brand text is a shade of it', () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, webTheme({ labels }));
    expect(theme.primaryColor).toBe('brand');
    const { light } = readableColors(theme);
    expect(paletteFromHex('#0b7285')).toContain(light['--mantine-color-brand-text']);
  });

  test("a palette name (the patient app's teal) stays that palette, filled with its first shade white text reads on", () => {
    const theme = mergeMantineTheme(DEFAULT_THEME, webTheme({ primary: 'teal', labels }));
    expect(theme.primaryColor).toBe('teal');
    expect(theme.colors.brand).toBeUndefined();
    const { light } = readableColors(theme);
    expect(theme.colors.teal).toContain(light['--mantine-color-teal-filled']);
  });

  test('contrast: black on white is 21, a colour on itself is 1', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrast('#0b7285', '#0b7285')).toBe(1);
  });
});

describe('theme options', () => {
  test('the named font goes before the system fonts; without one, the system fonts', () => {
    expect(webTheme({ font: 'Inter', labels }).fontFamily).toMatch(/^Inter, system-ui/);
    expect(webTheme({ labels }).fontFamily).toMatch(/^system-ui/);
  });

  test('touch: buttons, checkbox, radio and switch rows, tabs and segmented controls are 44 px targets; not for the desktop', () => {
    const phone = webTheme({ labels, touch: true }).components ?? {};
    for (const c of ['Checkbox', 'Radio', 'Switch', 'Tabs', 'SegmentedControl', 'Button'])
      expect(JSON.stringify(phone[c]?.styles), c).toContain('"minHeight":44');
    const desktop = webTheme({ labels }).components ?? {};
    expect(desktop.Checkbox).toBeUndefined();
  });

  test('touch: links on their own and selects are 44 px tall (not links given `inherit`, inside a sentence); badges wrap', () => {
    const phone = webTheme({ labels, touch: true }).components ?? {};
    const anchor = phone.Anchor?.styles as (t: unknown, p: { inherit?: boolean }) => { root?: { minHeight?: number } };
    expect(anchor({}, {}).root?.minHeight).toBe(44);
    expect(anchor({}, { inherit: true })).toEqual({});
    const select = phone.NativeSelect?.vars as (
      t: unknown,
      p: { size?: string },
    ) => { wrapper: Record<string, string> };
    expect(select({}, { size: 'md' }).wrapper['--input-height']).toBe('max(44px, var(--input-height-md))');
    expect(JSON.stringify(phone.Badge?.styles)).toContain('"whiteSpace":"normal"');
    const desktop = webTheme({ labels }).components ?? {};
    expect(desktop.Anchor).toBeUndefined();
    expect(JSON.stringify(desktop.Badge?.styles)).not.toContain('whiteSpace');
  });

  test('icon-only controls are named in the given language', () => {
    const c = webTheme({ labels: { close: 'Đóng', page: (n) => `Trang ${n}` } }).components ?? {};
    expect(JSON.stringify(c.Modal?.defaultProps)).toContain('Đóng');
    const items = c.Pagination?.defaultProps as { getItemProps?: (n: number) => Record<string, string> };
    expect(items.getItemProps?.(3)).toEqual({ 'aria-label': 'Trang 3' });
  });
});
