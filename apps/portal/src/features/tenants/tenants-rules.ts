import { TENANT_CONNECTION_COUNT, type TTenantDetail } from '@carewatch/contracts/tenants';

/**
 * The tenant screens' pure rules: the form's values (one row per dedicated database connection), when an empty
 * password keeps the stored one, the checks the contract cannot make (confirmations), and this domain's messages.
 */

export type Connection = {
  host: string;
  port: string;
  username: string;
  usernameConfirm: string;
  password: string;
  passwordConfirm: string;
  publicUrl: string;
};
export type TenantValues = {
  name: string;
  officialName: string;
  code: string;
  adminEmail: string;
  connectionType: 'shared' | 'dedicated';
  connections: Connection[];
};

export const emptyConnection = (): Connection => ({
  host: '',
  port: '5432',
  username: '',
  usernameConfirm: '',
  password: '',
  passwordConfirm: '',
  publicUrl: '',
});

/** A new tenant's form, or an existing one's: every connection slot filled from its position (passwords never come back). */
export const initialTenantValues = (d?: TTenantDetail): TenantValues => ({
  name: d?.name ?? '',
  officialName: d?.officialName ?? '',
  code: d?.code ?? '',
  adminEmail: '',
  connectionType: d?.connectionType ?? 'shared',
  connections: Array.from({ length: TENANT_CONNECTION_COUNT }, (_, i) => {
    const c = d?.connections.find((x) => x.position === i);
    return c
      ? {
          ...emptyConnection(),
          host: c.host,
          port: String(c.port),
          username: c.username,
          usernameConfirm: c.username,
          publicUrl: c.publicUrl,
        }
      : emptyConnection();
  }),
});

/**
 * Whether an empty password keeps the stored one: only for the host (any case), port and user name it was saved with
 * (the server never sends a stored password anywhere else).
 */
export function storedPassword(
  detail: Pick<TTenantDetail, 'connections'> | undefined,
  index: number,
  c: Pick<Connection, 'host' | 'port' | 'username'>,
): 'keep' | 'retype' | 'none' {
  const stored = detail?.connections.find((x) => x.position === index && x.passwordSet);
  if (!stored) return 'none';
  const same =
    stored.host.toLowerCase() === c.host.trim().toLowerCase() &&
    String(stored.port) === c.port.trim() &&
    stored.username === c.username.trim();
  return same ? 'keep' : 'retype';
}

/** The body: connections go only with a dedicated database. */
export const tenantBody = (v: TenantValues): TenantValues => ({
  ...v,
  connections: v.connectionType === 'dedicated' ? v.connections : [],
});

/** The confirmations and passwords of dedicated connections, by path, as catalogue keys. */
export function connectionProblems(
  v: TenantValues,
  detail: Pick<TTenantDetail, 'connections'> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (v.connectionType !== 'dedicated') return out;
  v.connections.forEach((c, i) => {
    if (c.usernameConfirm.trim() !== c.username.trim())
      out[`connections.${i}.usernameConfirm`] = 'tenants.validation.usernameMismatch';
    if (!c.password && storedPassword(detail, i, c) !== 'keep')
      out[`connections.${i}.password`] = 'fieldRules.required';
    if (c.passwordConfirm !== c.password)
      out[`connections.${i}.passwordConfirm`] = 'tenants.validation.passwordMismatch';
  });
  return out;
}

/** Errors left once connection `i` is edited: its own and the count's go. */
export const withoutConnectionErrors = (errors: Readonly<Record<string, string>>, i: number): Record<string, string> =>
  Object.fromEntries(
    Object.entries(errors).filter(([key]) => !key.startsWith(`connections.${i}.`) && key !== 'connections'),
  );

const OWN_MESSAGES: Record<string, string> = {
  'Host name is not valid': 'tenants.validation.host',
  'URL is not valid': 'tenants.validation.url',
  'Port is not valid': 'tenants.validation.port',
  'Colour is not valid': 'tenants.validation.color',
  'Tenant code is not valid': 'tenants.validation.code',
  'Dial code does not match the country': 'tenants.validation.dialCode',
};
/** This domain's contract messages → their catalogue keys; null for the common ones. */
export const tenantMessageKey = (message: string): string | null => OWN_MESSAGES[message] ?? null;
