import { sql } from 'drizzle-orm';
import type { AdminOrderEvent, OrderStatus } from '@statewise/contract';
import type { Tx } from '../../db/client.ts';
import type { OrderRow, OrderStatusEventRow } from '../../db/schema/index.ts';

/**
 * An order's status history (ADR 024). Database triggers (migration 0030) log every status change of an order and
 * of its vendor parts into order_status_events, whoever makes it. A transaction that knows who acts, and why,
 * declares it first with declareActor; the triggers copy it onto every event of that transaction.
 */
export async function declareActor(tx: Tx, actor: { kind: 'buyer' | 'vendor' | 'admin'; id: string; note?: string | null }): Promise<void> {
  await tx.execute(
    sql`select set_config('statewise.actor_kind', ${actor.kind}, true), set_config('statewise.actor_id', ${actor.id}, true), set_config('statewise.note', ${actor.note ?? ''}, true)`,
  );
}

export type EventWithNames = { event: OrderStatusEventRow; actorFirst: string | null; actorLast: string | null };

/**
 * The timeline the admin reads, oldest first: placed, paid (from the order's own timestamps, so orders older than
 * the event log have them too), then every logged change of the order or a part.
 */
export function buildHistory(order: OrderRow, events: readonly EventWithNames[], brandOfGroup: ReadonlyMap<string, { vendorId: string; brandName: string }>): AdminOrderEvent[] {
  const out: AdminOrderEvent[] = [
    { at: order.createdAt.toISOString(), kind: 'placed', vendorId: null, brandName: null, from: null, to: null, actorKind: order.userId ? 'buyer' : null, actorName: null, note: null },
  ];
  if (order.paidAt) out.push({ at: order.paidAt.toISOString(), kind: 'paid', vendorId: null, brandName: null, from: null, to: null, actorKind: null, actorName: null, note: null });
  for (const { event: e, actorFirst, actorLast } of events) {
    const part = e.vendorGroupId ? brandOfGroup.get(e.vendorGroupId) : undefined;
    out.push({
      at: e.createdAt.toISOString(),
      kind: 'status',
      vendorId: part?.vendorId ?? null,
      brandName: part?.brandName ?? null,
      from: e.fromStatus as OrderStatus,
      to: e.toStatus as OrderStatus,
      actorKind: e.actorKind,
      actorName: actorFirst !== null ? `${actorFirst} ${actorLast ?? ''}`.trim() : null,
      note: e.note,
    });
  }
  // stable: events of one transaction share its timestamp and keep the order they were logged in
  return out.map((e, i) => ({ e, i })).sort((a, b) => a.e.at.localeCompare(b.e.at) || a.i - b.i).map(({ e }) => e);
}
