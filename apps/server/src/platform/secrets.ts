import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './db.ts';
import { StartupError } from './config.ts';
import { newId } from './ids.ts';

/**
 * Stored server secrets (token-signing key, hash pepper, VAPID keys, the key of tenant secrets, …) under envelope
 * encryption: each value in `app_secrets` is sealed (AES-256-GCM, bound to its name) with a data key; the data key is
 * kept in `app_secrets` too, wrapped by the master key, which never enters the database: SECRETS_KEY, the file named
 * by SECRETS_KEY_FILE, or `DATA_DIR/secrets.key` (generated on first start, mode 0600). A database dump alone opens
 * nothing. `npm run secrets:rotate` re-encrypts everything under a new data key wrapped by a new master key.
 */

export type MasterKey = {
  key: Buffer;
  kid: string;
  /** Where it came from, for messages (never the key). */ source: string;
};
export type MasterKeySettings = {
  secretsKey?: string | undefined;
  secretsKeyFile?: string | undefined;
  dataDir: string;
};

export const DATA_KEY_ROW = 'data_key';
export const MASTER_KEY_FILE = 'secrets.key';
const WRAP = 'k1';
const SEAL = 's1';

/** A short public id of a key (an HMAC of a constant, not the key): tells which master key wrapped the data key. */
export const keyId = (key: Buffer) =>
  crypto.createHmac('sha256', key).update('carewatch/key-id').digest('hex').slice(0, 12);

/** 32 bytes as hex or base64; any other text of at least 16 characters is stretched with scrypt. */
export function parseMasterKey(text: string, source: string): MasterKey {
  const s = text.trim();
  let key: Buffer | null = null;
  if (/^[0-9a-f]{64}$/i.test(s)) key = Buffer.from(s, 'hex');
  else if (/^[A-Za-z0-9+/_-]{43}=?$/.test(s)) {
    const b = Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (b.length === 32) key = b;
  }
  if (!key) {
    if (s.length < 16)
      throw new StartupError(
        `${source}: the master key is too short (use 32 random bytes, e.g. \`openssl rand -base64 32\`)`,
      );
    key = crypto.scryptSync(s, 'carewatch/master-key/v1', 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  }
  return { key, kid: keyId(key), source };
}

/** A new random master key, as written to a key file. */
export const newMasterKeyText = () => `${crypto.randomBytes(32).toString('base64')}\n`;

/** Writes a key file readable by its owner only; never overwrites one. */
export function writeKeyFile(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text, { flag: 'wx', mode: 0o600 });
}

/**
 * The master key: SECRETS_KEY, else SECRETS_KEY_FILE, else `DATA_DIR/secrets.key`, created (0600) when missing so that
 * a fresh machine starts with no configuration. Several server processes on one PostgreSQL database need the same key
 * (SECRETS_KEY_FILE on each, or one shared DATA_DIR).
 */
export function loadMasterKey(
  s: MasterKeySettings,
  opts: { create?: boolean } = {},
): MasterKey & { created: boolean; file: string | null } {
  if (s.secretsKey && s.secretsKeyFile) throw new StartupError('Set SECRETS_KEY or SECRETS_KEY_FILE, not both');
  if (s.secretsKey) return { ...parseMasterKey(s.secretsKey, 'SECRETS_KEY'), created: false, file: null };
  const file = s.secretsKeyFile ? path.resolve(s.secretsKeyFile) : path.join(s.dataDir, MASTER_KEY_FILE);
  const source = s.secretsKeyFile ? `SECRETS_KEY_FILE (${file})` : file;
  let created = false;
  if (!s.secretsKeyFile && opts.create !== false && !fs.existsSync(file)) {
    try {
      writeKeyFile(file, newMasterKeyText());
      created = true;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST')
        throw new StartupError(
          `${source}: cannot create the master key file (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
        );
    }
  }
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new StartupError(
      `${source}: cannot read the master key file (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
    );
  }
  return { ...parseMasterKey(text, source), created, file };
}

/** Where `npm run secrets:rotate` puts the new DATA_DIR key until the database has been re-encrypted with it. */
export const pendingKeyFile = (dataDir: string) => path.join(dataDir, `${MASTER_KEY_FILE}.new`);

// ---- AES-256-GCM, `<prefix>.<iv>.<tag>.<ciphertext>` in base64url; the AAD binds a value to its place ----

function encrypt(key: Buffer, plain: Buffer, aad: string): string {
  const iv = crypto.randomBytes(12);
  const c = crypto.createCipheriv('aes-256-gcm', key, iv);
  c.setAAD(Buffer.from(aad, 'utf8'));
  const ct = Buffer.concat([c.update(plain), c.final()]);
  return [iv, c.getAuthTag(), ct].map((b) => b.toString('base64url')).join('.');
}
function decrypt(key: Buffer, sealed: string, aad: string): Buffer {
  const [iv, tag, ct] = sealed.split('.') as [string, string, string];
  const d = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  d.setAAD(Buffer.from(aad, 'utf8'));
  d.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([d.update(Buffer.from(ct, 'base64url')), d.final()]);
}

const WRAP_RE = /^k1\.([0-9a-f]{12})\.([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/;
const SEAL_RE = /^s1\.([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/;
export const isSealedSecret = (v: string) => SEAL_RE.test(v);

/** The data key wrapped by a master key: `k1.<master kid>.<iv>.<tag>.<ct>`. */
export const wrapDataKey = (master: MasterKey, dek: Buffer) =>
  `${WRAP}.${master.kid}.${encrypt(master.key, dek, 'carewatch/data-key')}`;

/** Opens the wrapped data key, or stops the start with a message saying which key is needed. */
export function unwrapDataKey(master: MasterKey, wrapped: string): Buffer {
  const m = WRAP_RE.exec(wrapped);
  const wrong = (kid: string) =>
    new StartupError(
      `The master key from ${master.source} (key id ${master.kid}) does not open this database's secrets, which were saved with key id ${kid}. ` +
        'Start with that key (SECRETS_KEY, SECRETS_KEY_FILE or DATA_DIR/secrets.key), or see "Master key" in the README.',
    );
  if (!m) throw new StartupError('app_secrets.data_key is not a wrapped key: the stored secrets are damaged');
  if (m[1] !== master.kid) throw wrong(m[1]!);
  try {
    return decrypt(master.key, m[2]!, 'carewatch/data-key');
  } catch {
    throw wrong(m[1]!);
  }
}

export const sealSecret = (dek: Buffer, name: string, plain: string) =>
  `${SEAL}.${encrypt(dek, Buffer.from(plain, 'utf8'), `app_secrets/${name}`)}`;
export function openSecret(dek: Buffer, name: string, sealed: string): string {
  const m = SEAL_RE.exec(sealed);
  if (!m) throw new Error(`app_secrets.${name} is not sealed`);
  return decrypt(dek, m[1]!, `app_secrets/${name}`).toString('utf8');
}

/** The stored secrets of one database, opened with the master key. */
export class SecretVault {
  private constructor(
    private readonly db: Db,
    private readonly dek: Buffer,
    readonly masterKid: string,
  ) {}

  /**
   * Opens (or, on a new database, creates) the data key with the master key. A database from before envelope
   * encryption has its plain values sealed in place; if it was run with SECRETS_KEY (then the key of tenant secrets
   * itself), that value stays the key of tenant secrets so what it encrypted still opens.
   */
  static async open(db: Db, master: MasterKey, legacySecretsKey?: string): Promise<SecretVault> {
    const read = async () =>
      (await db.query<{ value: string }>('select value from app_secrets where key = $1', [DATA_KEY_ROW]))[0]?.value;
    let wrapped = await read();
    if (!wrapped) {
      await db.query('insert into app_secrets (key, value) values ($1, $2) on conflict (key) do nothing', [
        DATA_KEY_ROW,
        wrapDataKey(master, crypto.randomBytes(32)),
      ]);
      wrapped = (await read())!;
    }
    const vault = new SecretVault(db, unwrapDataKey(master, wrapped), master.kid);
    await vault.sealLegacy(legacySecretsKey);
    return vault;
  }

  private async sealLegacy(legacySecretsKey: string | undefined): Promise<void> {
    const rows = await this.db.query<{ key: string; value: string }>(
      'select key, value from app_secrets where key <> $1',
      [DATA_KEY_ROW],
    );
    const plain = rows.filter((r) => !isSealedSecret(r.value));
    if (plain.length === 0) return;
    await this.db.tx(async (tx) => {
      // `where value = old`: another process upgrading at the same moment leaves the row it sealed alone.
      for (const r of plain)
        await tx.query('update app_secrets set value = $3 where key = $1 and value = $2', [
          r.key,
          r.value,
          sealSecret(this.dek, r.key, r.value),
        ]);
      if (legacySecretsKey && !rows.some((r) => r.key === 'secrets_key')) {
        await tx.query('insert into app_secrets (key, value) values ($1, $2) on conflict (key) do nothing', [
          'secrets_key',
          sealSecret(this.dek, 'secrets_key', legacySecretsKey),
        ]);
      }
    });
  }

  /** Every stored secret by name (the rotation command and the safety suites). */
  async entries(): Promise<Map<string, string>> {
    const rows = await this.db.query<{ key: string; value: string }>(
      'select key, value from app_secrets where key <> $1 order by key',
      [DATA_KEY_ROW],
    );
    return new Map(rows.map((r) => [r.key, openSecret(this.dek, r.key, r.value)]));
  }

  /** The secret `name`, generated (once, whichever process is first) when it does not exist yet. */
  async get(name: string, generate: () => string | Promise<string>): Promise<string> {
    if (name === DATA_KEY_ROW) throw new Error('reserved secret name');
    const read = async () =>
      (await this.db.query<{ value: string }>('select value from app_secrets where key = $1', [name]))[0]?.value;
    let sealed = await read();
    if (!sealed) {
      await this.db.query('insert into app_secrets (key, value) values ($1, $2) on conflict (key) do nothing', [
        name,
        sealSecret(this.dek, name, await generate()),
      ]);
      sealed = (await read())!;
    }
    return openSecret(this.dek, name, sealed);
  }
}

/**
 * Opens the vault with the master key of the settings. Two cases are repaired on the way: a DATA_DIR key file created
 * just now for a database that already has secrets is removed again (it cannot be the right one), and a rotation
 * interrupted after its commit but before `secrets.key.new` replaced `secrets.key` is completed.
 */
export async function openVault(
  db: Db,
  master: ReturnType<typeof loadMasterKey>,
  s: MasterKeySettings,
): Promise<SecretVault> {
  try {
    return await SecretVault.open(db, master, s.secretsKey);
  } catch (e) {
    const dataDirKey = !s.secretsKey && !s.secretsKeyFile && master.file !== null;
    if (master.created && dataDirKey) fs.rmSync(master.file!, { force: true });
    const pending = pendingKeyFile(s.dataDir);
    if (!dataDirKey || master.created || !fs.existsSync(pending)) throw e;
    const next = parseMasterKey(fs.readFileSync(pending, 'utf8'), pending);
    const vault = await SecretVault.open(db, next, s.secretsKey);
    fs.renameSync(pending, master.file!);
    return vault;
  }
}

/**
 * Key rotation (`npm run secrets:rotate`), one transaction: opens every stored secret with the current master key,
 * seals each again under a new data key and wraps that with the next master key. Servers must be restarted with the
 * next key afterwards (they keep the old data key in memory).
 */
export async function rotateMasterKey(db: Db, current: MasterKey, next: MasterKey): Promise<{ secrets: number }> {
  return db.tx(async (tx) => {
    const row = (
      await tx.query<{ value: string }>('select value from app_secrets where key = $1 for update', [DATA_KEY_ROW])
    )[0];
    if (!row) throw new StartupError('This database has no stored secrets yet (start the server once first)');
    const oldDek = unwrapDataKey(current, row.value);
    const rows = await tx.query<{ key: string; value: string }>(
      'select key, value from app_secrets where key <> $1 for update',
      [DATA_KEY_ROW],
    );
    const dek = crypto.randomBytes(32);
    for (const r of rows) {
      // A value left plain by a version before envelope encryption is sealed now as well.
      const plain = isSealedSecret(r.value) ? openSecret(oldDek, r.key, r.value) : r.value;
      await tx.query('update app_secrets set value = $2 where key = $1', [r.key, sealSecret(dek, r.key, plain)]);
    }
    await tx.query('update app_secrets set value = $2 where key = $1', [DATA_KEY_ROW, wrapDataKey(next, dek)]);
    // Audited like any platform change (key ids are public fingerprints, never keys).
    await tx.query(
      `insert into audit_log (id, tenant_id, actor_id, action, resource, outcome, ip, request_id, details, created_at)
       values ($1, null, null, 'secrets.rotate', 'app_secrets', 'ok', 'cli', $2, $3, now())`,
      [newId(), newId(), JSON.stringify({ fromKeyId: current.kid, toKeyId: next.kid, secrets: rows.length })],
    );
    return { secrets: rows.length };
  });
}
