/**
 * The one way a person's name is written, on every screen of both apps, in SMS and push texts and in exports:
 * Vietnamese puts the family name first ("Nguyễn Văn An": last, middle, first), English and Canadian English put
 * the given name first ("An Văn Nguyễn": first, middle, last).
 */

export type PersonNameParts = { firstName?: string | null; middleName?: string | null; lastName?: string | null };

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Is the language written family name first? (Vietnamese; `vi-VN` and other regional tags too.) */
export const familyNameFirst = (language: string | null | undefined): boolean => /^vi(\b|[-_])/i.test(language ?? '');

/** The full name in the language's order; empty parts are left out. */
export function personName(p: PersonNameParts | null | undefined, language: string | null | undefined): string {
  if (!p) return '';
  const first = clean(p.firstName);
  const middle = clean(p.middleName);
  const last = clean(p.lastName);
  const parts = familyNameFirst(language) ? [last, middle, first] : [first, middle, last];
  return parts.filter(Boolean).join(' ');
}

/** Initials for an avatar, in the same order as the name (at most two letters). */
export function personInitials(p: PersonNameParts | null | undefined, language: string | null | undefined): string {
  if (!p) return '';
  const first = clean(p.firstName);
  const last = clean(p.lastName);
  const ordered = familyNameFirst(language) ? [last, first] : [first, last];
  return ordered.filter(Boolean).map((s) => s.charAt(0)).join('').toUpperCase();
}
