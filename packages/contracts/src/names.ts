/** A person's name parts as every record keeps them. */
export type NameParts = {
  firstName: string | null | undefined;
  middleName?: string | null | undefined;
  lastName: string | null | undefined;
};

/**
 * The one way a person's name is written (issue 13), on every screen, SMS, call and export: in Vietnamese the family
 * name comes first ("Hoàng Thị Phương"), in English the given name ("Phương Thị Hoàng"). `language` is the reader's
 * (the signed-in user's, or the recipient's for a text).
 */
export function personName(p: NameParts, language: string | null | undefined): string {
  const given = (p.firstName ?? '').trim();
  const middle = (p.middleName ?? '').trim();
  const family = (p.lastName ?? '').trim();
  const familyFirst = (language ?? '').toLowerCase().startsWith('vi');
  const parts = familyFirst ? [family, middle, given] : [given, middle, family];
  return parts.filter(Boolean).join(' ');
}
