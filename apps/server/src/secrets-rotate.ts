import fs from 'node:fs';
import path from 'node:path';
import { loadConfig, StartupError } from './platform/config.ts';
import { openPg, openPglite, type Db } from './platform/db.ts';
import { lockDataDir } from './platform/data-dir-lock.ts';
import {
  loadMasterKey,
  newMasterKeyText,
  parseMasterKey,
  pendingKeyFile,
  rotateMasterKey,
  writeKeyFile,
  type MasterKey,
} from './platform/secrets.ts';

/**
 * `npm run secrets:rotate`: re-encrypts the stored secrets under a new data key wrapped by a new master key.
 * Current key: as the server finds it (SECRETS_KEY, SECRETS_KEY_FILE, DATA_DIR/secrets.key). New key: SECRETS_NEW_KEY
 * or SECRETS_NEW_KEY_FILE; with the DATA_DIR key file and neither set, a new key is generated and replaces the file
 * once the database is re-encrypted. Stop the servers first (the embedded database allows one process anyway) and
 * start them with the new key. Prints key ids, never keys.
 */
async function main(env: NodeJS.ProcessEnv): Promise<string> {
  const config = loadConfig(env);
  const current = loadMasterKey(config, { create: false });
  let next: MasterKey;
  let pending: string | null = null;
  if (env.SECRETS_NEW_KEY && env.SECRETS_NEW_KEY_FILE)
    throw new StartupError('Set SECRETS_NEW_KEY or SECRETS_NEW_KEY_FILE, not both');
  if (env.SECRETS_NEW_KEY) next = parseMasterKey(env.SECRETS_NEW_KEY, 'SECRETS_NEW_KEY');
  else if (env.SECRETS_NEW_KEY_FILE)
    next = parseMasterKey(fs.readFileSync(path.resolve(env.SECRETS_NEW_KEY_FILE), 'utf8'), 'SECRETS_NEW_KEY_FILE');
  else if (current.file && !config.secretsKeyFile) {
    pending = pendingKeyFile(config.dataDir);
    // A left-over from an attempt that did not commit: that key was never used.
    fs.rmSync(pending, { force: true });
    const text = newMasterKeyText();
    writeKeyFile(pending, text);
    next = parseMasterKey(text, pending);
  } else {
    throw new StartupError('Set SECRETS_NEW_KEY or SECRETS_NEW_KEY_FILE to the new master key');
  }
  if (next.kid === current.kid) throw new StartupError('The new master key is the current one');

  let release: (() => void) | null = null;
  let db: Db;
  if (config.databaseUrl) db = await openPg(config.databaseUrl, 1);
  else {
    release = lockDataDir(config.dataDir);
    db = await openPglite(path.join(config.dataDir, 'pg'));
  }
  try {
    let secrets: number;
    try {
      ({ secrets } = await rotateMasterKey(db, current, next));
    } catch (e) {
      // Not committed: the database still opens with the current key, the new one was never used.
      if (pending) fs.rmSync(pending, { force: true });
      throw e;
    }
    // Committed: from now on only the new key opens the database (a server start finishes this rename if we stop here).
    if (pending) fs.renameSync(pending, current.file!);
    return (
      `Re-encrypted ${secrets} stored secrets under a new data key, wrapped by master key ${next.kid} (was ${current.kid}).` +
      (pending ? ` ${current.file} now holds the new key.` : ' Start every server process with the new key.')
    );
  } finally {
    await db.close();
    release?.();
  }
}

main(process.env).then(
  (line) => {
    console.log(line);
  },
  (e: unknown) => {
    console.error(`secrets:rotate: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  },
);
