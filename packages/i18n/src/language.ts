import { normalizeLanguage, type Language } from '@carewatch/contracts/rules';

/** localStorage key holding the interface language. */
export const LANGUAGE_STORAGE_KEY = 'cw.lang';
export const DEFAULT_LANGUAGE: Language = 'en';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The language kept in local storage: 'can' maps to 'en', anything unsupported (or nothing) gives 'en'. */
export function storedLanguage(): Language {
  return normalizeLanguage(storage()?.getItem(LANGUAGE_STORAGE_KEY)) ?? DEFAULT_LANGUAGE;
}

/** Saves a supported language; refuses (returns false) an unsupported one and leaves storage untouched. */
export function saveLanguage(lang: string): boolean {
  const normalized = normalizeLanguage(lang);
  if (!normalized) return false;
  storage()?.setItem(LANGUAGE_STORAGE_KEY, normalized);
  return true;
}
