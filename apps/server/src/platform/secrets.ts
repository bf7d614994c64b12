import type { Db } from './db.ts';
import { randomToken } from './ids.ts';

/** A secret from env, or generated once and kept in the database: never a hard-coded default. */
export async function getOrCreateSecret(db: Db, key: string, fromEnv?: string): Promise<string> {
  if (fromEnv) return fromEnv;
  await db.query('insert into app_secrets (key, value) values ($1, $2) on conflict (key) do nothing', [key, randomToken(48)]);
  const rows = await db.query<{ value: string }>('select value from app_secrets where key = $1', [key]);
  return rows[0]!.value;
}
