import type { Db } from '../../platform/db.ts';

export type FeedbackWrite = {
  id: string; userId: string; kind: string; category: string; description: string; suggestion: string | null; imagePath: string | null; now: Date;
};

export async function insertFeedback(db: Db, tenantId: string, f: FeedbackWrite) {
  await db.query(
    `insert into app_feedback (id, tenant_id, user_id, kind, category, description, suggestion, image_path, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [f.id, tenantId, f.userId, f.kind, f.category, f.description, f.suggestion, f.imagePath, f.now]);
}
