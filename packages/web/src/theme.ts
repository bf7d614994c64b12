import {
  createTheme,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineRadius,
  type MantineThemeOverride,
} from '@mantine/core';
import { DEFAULT_TENANT_SETTINGS } from '@carewatch/contracts/tenants';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const toHex = (rgb: Rgb) =>
  `#${rgb
    .map((v) =>
      Math.round(Math.min(255, Math.max(0, v)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

/** A 10-shade Mantine palette with the colour at shade 6 (lighter tints before, darker shades after). */
export function paletteFromHex(hex: string): MantineColorsTuple {
  const base = parseHex(hex) ?? parseHex(DEFAULT_TENANT_SETTINGS.COLOR) ?? [11, 114, 133];
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const tint = (t: number) => toHex(mix(white, base, t));
  const shade = (t: number) => toHex(mix(base, black, t));
  return [
    tint(0.08),
    tint(0.2),
    tint(0.35),
    tint(0.5),
    tint(0.65),
    tint(0.82),
    toHex(base),
    shade(0.15),
    shade(0.3),
    shade(0.45),
  ];
}

/** Accessible names of Mantine's icon-only controls, in the screen's language. */
export type ThemeLabels = {
  close: string;
  pageControl?: (control: 'first' | 'previous' | 'next' | 'last') => string;
  page?: (n: number) => string;
};

export type WebThemeOptions = {
  /** The primary colour: a hex colour (a tenant's; it becomes the `brand` palette) or a Mantine palette name ('teal'). */
  primary?: string;
  /** A named font put before the system fonts (a tenant's FONT); none: the system fonts. */
  font?: string;
  radius?: MantineRadius;
  labels: ThemeLabels;
  /** Phone-sized touch targets (44 px): buttons, checkbox and radio rows, switches, tabs and segmented controls. */
  touch?: boolean;
};

/** Tap target height on a phone (WCAG 2.5.5, Apple and Android guidelines). */
const TOUCH = 44;
const touchRow = {
  body: { alignItems: 'center' },
  labelWrapper: { flex: 1 },
  label: { minHeight: TOUCH, display: 'flex', alignItems: 'center' },
} as const;

/** A badge is never cut ("Unre…", "Chưa kíc…"): it keeps its text's width in tables and rows, in both languages. */
const badgeKept = {
  root: { overflow: 'visible', flexShrink: 0 },
  label: { overflow: 'visible', textOverflow: 'clip' },
};
/**
 * On a phone a long badge ("EMERGENCY CONTACT", "STAGE 2 HYPERTENSION") wraps between words rather than pushing its row
 * past the screen's edge: it may shrink down to its longest word (a flex item's automatic minimum), never cut.
 */
const badgeWraps = {
  root: { overflow: 'visible', height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
  label: { overflow: 'visible', textOverflow: 'clip', whiteSpace: 'normal', lineHeight: 1.3, paddingBlock: 2 },
};
/** A field the finger opens (a native select, a file picker) at least 44 px tall, whatever its size. */
const touchField = {
  vars: (_theme: unknown, props: { size?: unknown }) => ({
    wrapper: {
      '--input-height': `max(${TOUCH}px, var(--input-height-${typeof props.size === 'string' ? props.size : 'sm'}))`,
    },
  }),
};

/**
 * The Mantine theme of both web apps: the primary colour (each app gives its own, the portal the tenant's), fonts, and
 * accessible names for Mantine's icon-only controls. Use with `cssVariablesResolver={readableColors}`.
 */
export function webTheme(opts: WebThemeOptions): MantineThemeOverride {
  const primary = opts.primary || DEFAULT_TENANT_SETTINGS.COLOR;
  const hex = parseHex(primary) !== null;
  const font = opts.font?.replace(/[;{}]/g, '');
  const family = `${font ? `${font}, ` : ''}system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
  const { labels } = opts;
  return createTheme({
    primaryColor: hex ? 'brand' : primary,
    primaryShade: 6,
    ...(hex ? { colors: { brand: paletteFromHex(primary) } } : {}),
    fontFamily: family,
    headings: { fontFamily: family },
    ...(opts.radius ? { defaultRadius: opts.radius } : {}),
    // Plain objects, not `Component.extend(…)`: that would import every component named here into each app's first
    // download (the colour picker, pagination…), whether the first screen shows it or not.
    components: {
      Badge: { styles: opts.touch ? badgeWraps : badgeKept },
      // A table wider than the page scrolls inside its own area, which the keyboard can reach (arrow keys scroll it).
      TableScrollContainer: { defaultProps: { tabIndex: 0 } },
      // The eye-dropper is an unlabelled icon button, and not needed to type or pick a colour.
      ColorInput: { defaultProps: { withEyeDropper: false } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': labels.close } } },
      // The toasts' close button too; their message in the text colour (Mantine's grey is 4.0:1).
      Notification: {
        defaultProps: { closeButtonProps: { 'aria-label': labels.close } },
        styles: { description: { color: 'var(--mantine-color-text)' } },
      },
      Pagination: {
        defaultProps: {
          ...(labels.pageControl
            ? {
                getControlProps: (control: 'first' | 'previous' | 'next' | 'last') => ({
                  'aria-label': labels.pageControl!(control),
                }),
              }
            : {}),
          ...(labels.page ? { getItemProps: (page: number) => ({ 'aria-label': labels.page!(page) }) } : {}),
        },
      },
      ...(opts.touch
        ? {
            // The whole row (box and label) is the target: the label is a full-width, 44 px high part of it.
            Checkbox: { defaultProps: { size: 'md' }, styles: touchRow },
            Radio: { defaultProps: { size: 'md' }, styles: touchRow },
            Switch: { defaultProps: { size: 'md' }, styles: touchRow },
            Tabs: { styles: { tab: { minHeight: TOUCH } } },
            SegmentedControl: {
              styles: { label: { minHeight: TOUCH, display: 'flex', alignItems: 'center', justifyContent: 'center' } },
            },
            // Every button, compact ones too ("← Back"): the height grows, the text and padding stay.
            Button: { styles: { root: { minHeight: TOUCH } } },
            // A link on its own ("Forgot password?", "‹ Devices", "Change" beside a sentence): 44 px tall, its text in the
            // middle. As a flex item (a Group's or a Stack's) it is a block, which takes the height; a link inside a
            // sentence stays inline, where neither applies, and one given `inherit` (it takes the sentence's font) is
            // left alone entirely.
            Anchor: {
              styles: (_theme: unknown, props: { inherit?: boolean }) =>
                props.inherit
                  ? {}
                  : {
                      root: {
                        minHeight: TOUCH,
                        minWidth: TOUCH,
                        paddingBlock: `max(0px, calc((${TOUCH}px - 1lh) / 2))`,
                      },
                    },
            },
            // The registration steps are buttons: the row is 44 px tall, the step's circle in its middle.
            Stepper: { styles: { step: { minHeight: TOUCH, alignItems: 'center' } } },
            // Choice chips (an event's icon): the chip itself is the target.
            Chip: { vars: () => ({ root: { '--chip-size': `${TOUCH}px` } }) },
            NativeSelect: touchField,
            FileInput: touchField,
          }
        : {}),
    },
  });
}

const luminance = (rgb: Rgb) => {
  const [r, g, b] = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};

/** WCAG contrast ratio of two colours (1 to 21). */
export function contrast(a: string, b: string): number {
  const [x, y] = [parseHex(a), parseHex(b)];
  if (!x || !y) return 1;
  const [l1, l2] = [luminance(x), luminance(y)].sort((p, q) => q - p) as [number, number];
  return (l1 + 0.05) / (l2 + 0.05);
}

/** WCAG AA for normal text. */
const AA = 4.5;

/** The first colour, from the palette's shade `from` towards black, that reaches AA as text on `background`. */
export function readableShade(palette: readonly string[], background: string, from = 6): string {
  for (let i = from; i < palette.length; i++) {
    const c = palette[i]!;
    if (contrast(c, background) >= AA) return c;
  }
  const darkest = parseHex(palette[palette.length - 1] ?? '#000000') ?? [0, 0, 0];
  for (let t = 0.1; t < 1; t += 0.1) {
    const c = toHex(mix(darkest, [0, 0, 0], t));
    if (contrast(c, background) >= AA) return c;
  }
  return '#000000';
}

/** The darkest light ground text sits on: gray.1 under a light tint of the primary colour. */
const TINTED_GROUND = '#e9eef0';

const over = (color: string, alpha: number, background = '#ffffff') =>
  toHex(mix(parseHex(background) ?? [255, 255, 255], parseHex(color) ?? [0, 0, 0], alpha));

/**
 * Mantine's light-scheme colour variables, made readable (WCAG AA, 4.5:1) without changing the palettes: text, light
 * (tinted badge/alert) and outline variants take the first shade from 6 that reads on their background, filled
 * variants the first shade white text reads on; dimmed text and errors likewise. Works for a tenant's own colour too.
 */
export const readableColors: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  for (const [name, palette] of Object.entries(theme.colors)) {
    if (!palette || palette.length < 10 || !parseHex(palette[6] ?? '')) continue;
    // A tinted badge may sit on a striped row or on an active (tinted) menu entry: read on the darker of those.
    const tinted = over(palette[6]!, 0.12, TINTED_GROUND);
    const onTint = readableShade(palette, tinted);
    const onWhite = readableShade(palette, '#ffffff');
    const filledIndex = palette.findIndex((c, i) => i >= 6 && contrast(c, '#ffffff') >= AA);
    const filled = filledIndex >= 0 ? palette[filledIndex]! : readableShade(palette, '#ffffff', 9);
    const filledHover =
      filledIndex >= 0 && filledIndex < 9
        ? palette[filledIndex + 1]!
        : toHex(mix(parseHex(filled) ?? [0, 0, 0], [0, 0, 0], 0.15));
    light[`--mantine-color-${name}-text`] = onWhite;
    light[`--mantine-color-${name}-light-color`] = contrast(onTint, tinted) >= AA ? onTint : onWhite;
    light[`--mantine-color-${name}-outline`] = onWhite;
    light[`--mantine-color-${name}-filled`] = filled;
    light[`--mantine-color-${name}-filled-hover`] = filledHover;
  }
  const gray = theme.colors.gray;
  // Dimmed text reads on white, on striped rows and on an active (tinted) menu entry.
  const brand = theme.colors[theme.primaryColor] ?? gray;
  light['--mantine-color-dimmed'] = readableShade(gray, over(brand[6] ?? '#0b7285', 0.12, TINTED_GROUND));
  // Placeholders Mantine draws as text (FileInput, a Select's button) are checked like any text.
  light['--mantine-color-placeholder'] = readableShade(gray, '#ffffff');
  light['--mantine-color-error'] = readableShade(theme.colors.red, '#ffffff');
  light['--mantine-color-anchor'] = readableShade(brand, '#ffffff');
  return { variables: {}, light, dark: {} };
};
