import { count, desc, eq } from 'drizzle-orm';
import { ADMIN_AUDIT_PAGE_SIZE } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { auditLog, users } from '../../db/schema/index.ts';

/** GET admin/audit: every admin change, newest first, 30 a page, with who made it; optionally one kind of thing. */
export async function listAudit(db: DbOrTx, f: { entity?: string; page: number }) {
  const where = f.entity ? eq(auditLog.entity, f.entity) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, actorFirst: users.firstname, actorLast: users.lastname, actorMobile: users.mobile, actorEmail: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(ADMIN_AUDIT_PAGE_SIZE)
      .offset((f.page - 1) * ADMIN_AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}
