import type { Db } from '../../platform/db.ts';

export type MessageRow = { id: string; channel: 'email' | 'sms'; recipient: string; subject: string | null; body: string; provider: string; status: number; created_at: Date; total: number };

export async function list(db: Db, tenantId: string, q: { channel?: string; search?: string; page: number; size: number }): Promise<MessageRow[]> {
  return db.query<MessageRow>(
    `select id, channel, recipient, subject, body, provider, status, created_at, count(*) over () as total
       from messages
      where tenant_id = $1 and ($2::text is null or channel = $2)
        and ($3::text is null or recipient ilike '%' || $3 || '%' or subject ilike '%' || $3 || '%')
      order by created_at desc, id desc
      limit $4 offset $5`,
    [tenantId, q.channel ?? null, q.search ?? null, q.size, q.page * q.size],
  );
}
