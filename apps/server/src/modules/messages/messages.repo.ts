import type { Db } from '../../platform/db.ts';

/** A recorded message as every log view shows it: secrets masked (`masked`), whether an unmasked copy is kept. */
export type MessageRow = {
  id: string;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  provider: string;
  status: number;
  created_at: Date;
  masked: boolean;
  kept: boolean;
  total: number;
};

export async function list(
  db: Db,
  tenantId: string,
  q: { channel?: string; search?: string; page: number; size: number },
): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `select id, channel, recipient, subject, body, provider, status, created_at, masked, secret_body is not null as kept, count(*) over () as total
       from messages
      where tenant_id = $1 and ($2::text is null or channel = $2)
        and ($3::text is null or recipient ilike '%' || $3 || '%' or subject ilike '%' || $3 || '%')
      order by created_at desc, id desc
      limit $4 offset $5`,
    [tenantId, q.channel ?? null, q.search ?? null, q.size, q.page * q.size],
  );
}

/** The unmasked copy of one message of the tenant (null: no such message, or none kept). */
export async function findUnmasked(
  db: Db,
  tenantId: string,
  id: string,
): Promise<{ id: string; channel: string; subject: string | null; body: string } | null> {
  const rows = await db.query<{ id: string; channel: string; subject: string | null; body: string }>(
    'select id, channel, secret_subject as subject, secret_body as body from messages where tenant_id = $1 and id = $2 and secret_body is not null',
    [tenantId, id],
  );
  return rows[0] ?? null;
}
