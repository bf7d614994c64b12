/** The organisation (tenant) code is asked once and remembered on the phone. */
export const TENANT_KEY = 'cw.app.tenant';

export function storedTenant(): string | null {
  try {
    return localStorage.getItem(TENANT_KEY) || null;
  } catch {
    return null;
  }
}

export function saveTenant(code: string): void {
  localStorage.setItem(TENANT_KEY, code.trim());
}
