import { sql } from 'drizzle-orm';
import { DASHBOARD_DAYS, DASHBOARD_PENDING_SHOWN, DASHBOARD_TOP_VENDORS, type AdminDashboard } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { IST_OFFSET_MS, indiaPeriods } from '../vendor-orders/service.ts';

const DAY_MS = 86_400_000;

/** The India-time calendar date (YYYY-MM-DD) of the day starting at `dayStart` (a UTC instant at IST midnight). */
const istDate = (dayStart: Date) => new Date(dayStart.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);

/**
 * GET admin/dashboard: the overview's charts over the last DASHBOARD_DAYS days, India time, today included, in four
 * aggregate queries run together whatever the number of orders or days (no per-day loop): orders and sales per day,
 * sales by the delivery address's state, the vendors with the most sales, and the seller applications waiting.
 * Orders count as on the overview: paid or cash on delivery, not cancelled, by when they were placed. Days without
 * orders are filled with zeros here, so a chart never skips a day.
 */
export async function adminDashboard(db: DbOrTx): Promise<AdminDashboard> {
  const { dayStart } = indiaPeriods(clock.now());
  const from = new Date(dayStart.getTime() - (DASHBOARD_DAYS - 1) * DAY_MS);
  const since = from.toISOString();
  const counted = sql`o.created_at >= ${since} and o.payment_status in ('paid', 'cod') and o.status <> 'cancelled'`;
  // the India-time wall clock of created_at, as a date: the same on PGlite and PostgreSQL whatever the session's zone
  const istDay = sql`to_char((o.created_at at time zone 'UTC') + interval '330 minutes', 'YYYY-MM-DD')`;
  const [perDay, perState, vendorsTop, pending] = await Promise.all([
    db.execute<{ day: string; orders: number; sales: number }>(sql`
      select ${istDay} as day, count(*)::int as orders, coalesce(sum(o.grand_total), 0)::int as sales
      from orders o where ${counted} group by 1`),
    db.execute<{ state: string; orders: number; sales: number }>(sql`
      select coalesce(nullif(trim(o.address->>'state'), ''), 'Unknown') as state, count(*)::int as orders,
        coalesce(sum(o.grand_total), 0)::int as sales
      from orders o where ${counted} group by 1 order by sales desc, state`),
    // a vendor's part of an order: its lines, unless the vendor's part was cancelled (as the vendor dashboard counts)
    db.execute<{ vendor_id: string; name: string; slug: string; orders: number; sales: number }>(sql`
      select t.vendor_id, coalesce(nullif(v.brand_name, ''), v.seller_name, u.firstname, 'Vendor') as name,
        coalesce(v.slug, '') as slug, t.orders, t.sales
      from (
        select l.vendor_id, count(distinct l.order_id)::int as orders, sum(l.price * l.quantity)::int as sales
        from orders o
        join order_lines l on l.order_id = o.id
        join order_vendor_groups g on g.order_id = o.id and g.vendor_id = l.vendor_id
        where ${counted} and g.status <> 'cancelled'
        group by l.vendor_id
        order by sales desc, l.vendor_id
        limit ${DASHBOARD_TOP_VENDORS}
      ) t
      join users u on u.id = t.vendor_id
      left join vendors v on v.user_id = t.vendor_id
      order by t.sales desc, t.vendor_id`),
    db.execute<{ id: string; brand_name: string; seller_name: string; created_at: string | Date; total: number }>(sql`
      select id, brand_name, seller_name, created_at, count(*) over ()::int as total
      from seller_applications where status = 'pending'
      order by created_at asc, id limit ${DASHBOARD_PENDING_SHOWN}`),
  ]);
  const byDay = new Map(perDay.rows.map((r) => [r.day, r]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const date = istDate(new Date(from.getTime() + i * DAY_MS));
    const r = byDay.get(date);
    return { date, orders: Number(r?.orders ?? 0), sales: Number(r?.sales ?? 0) };
  });
  return {
    from: days[0]!.date,
    to: days.at(-1)!.date,
    days,
    states: perState.rows.map((r) => ({ state: r.state, orders: Number(r.orders), sales: Number(r.sales) })),
    topVendors: vendorsTop.rows.map((r) => ({ vendorId: r.vendor_id, name: r.name, slug: r.slug, orders: Number(r.orders), sales: Number(r.sales) })),
    pendingApprovals: {
      count: Number(pending.rows[0]?.total ?? 0),
      oldest: pending.rows.map((r) => ({ _id: r.id, brandName: r.brand_name, sellerName: r.seller_name, createdAt: new Date(r.created_at).toISOString() })),
    },
  };
}
