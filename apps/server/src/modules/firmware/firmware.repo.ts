import type { Db } from '../../platform/db.ts';

export type FirmwareRow = {
  id: string;
  model: string;
  kind: string;
  version: string;
  name: string;
  notes: string;
  file_key: string;
  size_bytes: number | string;
  sha256: string;
  is_current: boolean;
  created_at: Date;
  uploader_first: string | null;
  uploader_last: string | null;
};

const SELECT = `select f.id, f.model, f.kind, f.version, f.name, f.notes, f.file_key, f.size_bytes, f.sha256, f.is_current,
  f.created_at, u.first_name as uploader_first, u.last_name as uploader_last
  from firmware_packages f left join users u on u.tenant_id = f.tenant_id and u.id = f.uploaded_by`;

/** The tenant's packages, optionally of one model and kind: model, kind, then newest first. */
export async function listPackages(
  db: Db,
  tenantId: string,
  filter: { model?: string | undefined; kind?: string | undefined },
): Promise<FirmwareRow[]> {
  return db.query<FirmwareRow>(
    `${SELECT} where f.tenant_id = $1 and ($2::text is null or f.model = $2) and ($3::text is null or f.kind = $3)
     order by f.model, f.kind, f.created_at desc, f.version desc, f.id`,
    [tenantId, filter.model ?? null, filter.kind ?? null],
  );
}

export async function findPackage(db: Db, tenantId: string, id: string): Promise<FirmwareRow | null> {
  return (await db.query<FirmwareRow>(`${SELECT} where f.tenant_id = $1 and f.id = $2`, [tenantId, id]))[0] ?? null;
}

export async function versionTaken(
  db: Db,
  tenantId: string,
  model: string,
  kind: string,
  version: string,
): Promise<boolean> {
  const rows = await db.query(
    'select 1 from firmware_packages where tenant_id = $1 and model = $2 and kind = $3 and version = $4',
    [tenantId, model, kind, version],
  );
  return rows.length > 0;
}

export async function insertPackage(
  db: Db,
  tenantId: string,
  p: {
    id: string;
    model: string;
    kind: string;
    version: string;
    name: string;
    notes: string;
    fileKey: string;
    sizeBytes: number;
    sha256: string;
    uploadedBy: string;
    at: Date;
  },
): Promise<void> {
  await db.query(
    `insert into firmware_packages (id, tenant_id, model, kind, version, name, notes, file_key, size_bytes, sha256, uploaded_by, created_at)
     values ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12)`,
    [p.id, tenantId, p.model, p.kind, p.version, p.name, p.notes, p.fileKey, p.sizeBytes, p.sha256, p.uploadedBy, p.at],
  );
}

/** Makes `id` the one current package of its model and kind (inside the caller's transaction). */
export async function setCurrent(db: Db, tenantId: string, id: string, model: string, kind: string): Promise<void> {
  await db.query(
    'update firmware_packages set is_current = false where tenant_id = $1 and model = $2 and kind = $3 and is_current and id <> $4',
    [tenantId, model, kind, id],
  );
  await db.query('update firmware_packages set is_current = true where tenant_id = $1 and id = $2', [tenantId, id]);
}
