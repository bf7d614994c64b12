import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { DEFAULT_TENANT_SETTINGS } from '@carewatch/contracts/tenants';

type Rgb = [number, number, number];

function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

const toHex = (rgb: Rgb) => `#${rgb.map((v) => Math.round(Math.min(255, Math.max(0, v))).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];

/** A 10-shade Mantine palette with the tenant colour at shade 6 (lighter tints before, darker shades after). */
export function paletteFromHex(hex: string): MantineColorsTuple {
  const base = parseHex(hex) ?? parseHex(DEFAULT_TENANT_SETTINGS.COLOR) ?? [11, 114, 133];
  const white: Rgb = [255, 255, 255];
  const black: Rgb = [0, 0, 0];
  const tint = (t: number) => toHex(mix(white, base, t));
  const shade = (t: number) => toHex(mix(base, black, t));
  return [tint(0.08), tint(0.2), tint(0.35), tint(0.5), tint(0.65), tint(0.82), toHex(base), shade(0.15), shade(0.3), shade(0.45)];
}

export function brandTheme(settings: Record<string, string> | undefined): MantineThemeOverride {
  const color = settings?.COLOR || DEFAULT_TENANT_SETTINGS.COLOR;
  const font = (settings?.FONT || DEFAULT_TENANT_SETTINGS.FONT).replace(/[;{}]/g, '');
  const family = `${font}, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`;
  return createTheme({
    primaryColor: 'brand',
    primaryShade: 6,
    colors: { brand: paletteFromHex(color) },
    fontFamily: family,
    headings: { fontFamily: family },
  });
}
