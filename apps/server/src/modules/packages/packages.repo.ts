import type { Db } from '../../platform/db.ts';

export type PackageRow = {
  id: string;
  tenant_id: string;
  code: string;
  name: string;
  kind: string;
  tier: string;
  currency: string;
  options: Array<{ months: number; monthlyPriceMinor: number }>;
  addon_uses: number | null;
  addon_price_minor: number | null;
  features: string[];
  limits: { timeMinutes: number; storageMb: number; uses: number };
  icon: string | null;
  description: string;
  enabled: boolean;
  is_default: boolean;
  created_at: Date;
};

const COLS = `id, tenant_id, code, name, kind, tier, currency, options, addon_uses, addon_price_minor::float8 as addon_price_minor, features, limits,
  icon, description, enabled, is_default, created_at`;

export type PackageWrite = {
  code: string;
  name: string;
  kind: string;
  tier: string;
  currency: string;
  options: unknown[];
  addonUses: number | null;
  addonPriceMinor: number | null;
  features: string[];
  limits: Record<string, number>;
  icon: string | null;
  description: string;
};

export async function list(
  db: Db,
  tenantId: string,
  f: { kind?: string; enabledOnly?: boolean },
): Promise<PackageRow[]> {
  return db.query<PackageRow>(
    `select ${COLS} from packages where tenant_id = $1 and ($2::text is null or kind = $2) and ($3::boolean = false or enabled)
      order by is_default desc, kind, seq`,
    [tenantId, f.kind ?? null, f.enabledOnly ?? false],
  );
}

export async function findById(db: Db, tenantId: string, id: string): Promise<PackageRow | null> {
  return (
    (
      await db.query<PackageRow>(`select ${COLS} from packages where tenant_id = $1 and id = $2::uuid`, [tenantId, id])
    )[0] ?? null
  );
}

export async function findByCode(db: Db, tenantId: string, code: string): Promise<PackageRow | null> {
  return (
    (
      await db.query<PackageRow>(`select ${COLS} from packages where tenant_id = $1 and lower(code) = lower($2)`, [
        tenantId,
        code,
      ])
    )[0] ?? null
  );
}

/** Which of code / name another package of the tenant already uses (case-insensitive). */
export async function clashes(
  db: Db,
  tenantId: string,
  code: string,
  name: string,
  exceptId: string | null,
): Promise<{ code: boolean; name: boolean }> {
  const rows = await db.query<{ c: boolean; n: boolean }>(
    `select bool_or(lower(code) = lower($2)) as c, bool_or(lower(name) = lower($3)) as n from packages
      where tenant_id = $1 and ($4::uuid is null or id <> $4::uuid)`,
    [tenantId, code, name, exceptId],
  );
  return { code: rows[0]?.c === true, name: rows[0]?.n === true };
}

export async function insert(
  db: Db,
  tenantId: string,
  id: string,
  p: PackageWrite & { isDefault: boolean },
  now: Date,
  onConflictNothing = false,
): Promise<boolean> {
  const rows = await db.query(
    `insert into packages (id, tenant_id, code, name, kind, tier, currency, options, addon_uses, addon_price_minor, features, limits, icon, description,
       enabled, is_default, created_at, updated_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8::jsonb,$9,$10,$11::jsonb,$12::jsonb,$13,$14,true,$15,$16,$16)
     ${onConflictNothing ? 'on conflict do nothing' : ''} returning 1`,
    [
      id,
      tenantId,
      p.code,
      p.name,
      p.kind,
      p.tier,
      p.currency,
      JSON.stringify(p.options),
      p.addonUses,
      p.addonPriceMinor,
      JSON.stringify(p.features),
      JSON.stringify(p.limits),
      p.icon,
      p.description,
      p.isDefault,
      now,
    ],
  );
  return rows.length > 0;
}

export async function update(db: Db, tenantId: string, id: string, p: PackageWrite, now: Date): Promise<void> {
  await db.query(
    `update packages set code = $3, name = $4, kind = $5, tier = $6, currency = $7, options = $8::jsonb, addon_uses = $9, addon_price_minor = $10,
       features = $11::jsonb, limits = $12::jsonb, icon = $13, description = $14, updated_at = $15
     where tenant_id = $1 and id = $2::uuid`,
    [
      tenantId,
      id,
      p.code,
      p.name,
      p.kind,
      p.tier,
      p.currency,
      JSON.stringify(p.options),
      p.addonUses,
      p.addonPriceMinor,
      JSON.stringify(p.features),
      JSON.stringify(p.limits),
      p.icon,
      p.description,
      now,
    ],
  );
}

export async function setEnabled(db: Db, tenantId: string, id: string, enabled: boolean, now: Date): Promise<void> {
  await db.query('update packages set enabled = $3, updated_at = $4 where tenant_id = $1 and id = $2::uuid', [
    tenantId,
    id,
    enabled,
    now,
  ]);
}
