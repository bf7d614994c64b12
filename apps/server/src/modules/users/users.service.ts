import type { Db } from '../../platform/db.ts';
import * as repo from './users.repo.ts';

/**
 * The users module as other modules reach it (accounts, sign-in, staff, patients, tenants, alerts). Each function takes
 * the caller's `db`, which may be a transaction handle, so the caller's work stays in its own transaction.
 */
export type { LevelRow, NewUser, UserRow } from './users.repo.ts';

export function findUserById(db: Db, tenantId: string, id: string): Promise<repo.UserRow | null> {
  return repo.findById(db, tenantId, id);
}

/** The tenant's user with this e-mail (compared lower-cased), or null. */
export function findUserByEmail(db: Db, tenantId: string, email: string): Promise<repo.UserRow | null> {
  return repo.findByEmail(db, tenantId, email);
}

export function findUserByPhone(db: Db, tenantId: string, phone: string): Promise<repo.UserRow | null> {
  return repo.findByPhone(db, tenantId, phone);
}

/** Adds the user row only; the caller gives it its levels (`addUserLevel`) in the same transaction. */
export function createUser(db: Db, tenantId: string, u: repo.NewUser): Promise<void> {
  return repo.insertUser(db, tenantId, u);
}

/** Adds one level (a role, optionally at a scope or center) to a user. */
export function addUserLevel(db: Db, tenantId: string, r: Parameters<typeof repo.insertUserRole>[2]): Promise<void> {
  return repo.insertUserRole(db, tenantId, r);
}

/** Gives a user a level of a role at a scope/center, reusing an unattached level of that role if there is one. */
export function linkUserLevel(db: Db, tenantId: string, a: Parameters<typeof repo.linkUserLevel>[2]): Promise<void> {
  return repo.linkUserLevel(db, tenantId, a);
}

export function listUserLevels(db: Db, tenantId: string, userId: string): Promise<repo.LevelRow[]> {
  return repo.listLevels(db, tenantId, userId);
}

/** The profile time zone of a user account (null when the account is unknown). */
export async function userTimeZoneOf(db: Db, tenantId: string, userId: string): Promise<string | null> {
  return (await repo.findById(db, tenantId, userId))?.timezone ?? null;
}

export function updateUserProfile(
  db: Db,
  tenantId: string,
  id: string,
  p: Parameters<typeof repo.updateProfile>[3],
  now: Date,
): Promise<void> {
  return repo.updateProfile(db, tenantId, id, p, now);
}

/** Sets only the preferences given (an undefined one is left as is). */
export function updateUserPreferences(
  db: Db,
  tenantId: string,
  id: string,
  p: Parameters<typeof repo.updatePreferences>[3],
  now: Date,
): Promise<void> {
  return repo.updatePreferences(db, tenantId, id, p, now);
}

export function setUserPassword(db: Db, tenantId: string, id: string, hash: string, now: Date): Promise<void> {
  return repo.setPassword(db, tenantId, id, hash, now);
}

/** Display names (first and last) of some users of the tenant, by id. */
export function userNamesOf(
  db: Db,
  tenantId: string,
  ids: readonly string[],
): Promise<Map<string, { first: string; last: string }>> {
  return repo.namesOf(db, tenantId, ids);
}

/** Failed sign-ins counted under a key (an account, or an unknown login name: the caller's choice), or null. */
export function loginFailureOf(
  db: Db,
  tenantId: string,
  key: string,
): Promise<{ failures: number; locked_until: Date | null } | null> {
  return repo.getLoginFailure(db, tenantId, key);
}

/** Counts one more failure; at `maxFailures` the key is locked until `lockUntil` and its count starts again. */
export function recordLoginFailure(
  db: Db,
  tenantId: string,
  key: string,
  now: Date,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ locked: boolean }> {
  return repo.recordLoginFailure(db, tenantId, key, now, maxFailures, lockUntil);
}

export function clearLoginFailures(db: Db, tenantId: string, keys: string[]): Promise<void> {
  return repo.clearLoginFailures(db, tenantId, keys);
}
