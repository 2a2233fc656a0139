import type { DbOrTx } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

export interface AuditEntry {
  actorId: string;
  /** What was done, as a verb: 'update', 'create', 'delete', 'approve', 'handle', … */
  action: string;
  /** What kind of thing: 'content', 'social_link', 'faq', 'contact_request', 'seller_application', … */
  entity: string;
  entityId?: string | null;
  /** What the admin sent or decided (never a secret: no passwords, codes or bank numbers). */
  detail?: Record<string, unknown>;
}

/**
 * Records an admin's change. Call it in the same transaction as the change, so a change is never without its
 * entry and an entry never without its change.
 */
export async function recordAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    detail: entry.detail ?? {},
  });
}
