/**
 * The vendor console at marketplace scale (issue 10): `npm run bench:vendor`.
 *
 * Target: with 100,000 products and 200,000 order lines across the vendors, the vendor's product list, order list
 * and dashboard answer at p99 ≤ 50 ms at 20 concurrent connections.
 *
 * 1. A FRESH database: embedded PGlite in a temporary DATA_DIR, then (when BENCH_DATABASE_URL is set, e.g.
 *    postgres://postgres@127.0.0.1:5432/test) a dedicated PostgreSQL database created on that server and dropped after.
 * 2. Seeds it with set-based SQL (generate_series, a few statements per 20,000 rows, never row by row): the demo
 *    accounts and reference data (the real seed, without products), BENCH_PRODUCTS products (100,000) with their
 *    stock, every twelfth one the demo vendor's (some unpublished, a few deleted, some low or out of stock), and
 *    BENCH_LINES order lines (200,000) in orders spread over the last year, more of them recent, in the statuses such
 *    an age has (awaiting payment, new, confirmed, shipped, delivered, cancelled), paid online, by wallet or cash on
 *    delivery. BENCH_DEMO_SHARE percent (15) of the lines are the demo vendor's products: its console is the one
 *    measured, with several thousand products and tens of thousands of lines.
 * 3. Starts the real server (apps/server/src/main.ts, NODE_ENV=production, LOG_LEVEL=warn), logs the demo vendor in,
 *    asks every call once (warm-up, every answer must be 200), then runs autocannon for BENCH_DURATION seconds (10) at
 *    BENCH_CONNECTIONS (20) per call:
 *      products         GET /api/vendor/my-products                 (first page)
 *      products-search  GET /api/vendor/my-products?search=silk
 *      products-status  GET /api/vendor/my-products?status=unpublished
 *      products-page    GET /api/vendor/my-products?page=100        (a later page)
 *      orders           GET /api/vendor/orders                      (first page)
 *      orders-status    GET /api/vendor/orders?status=pending
 *      order-detail     GET /api/vendor/orders/{id}                 (over 500 of the vendor's orders)
 *      dashboard        GET /api/vendor/dashboard
 * 4. Prints req/s, p50, p97.5, p99 and max per call with PASS/FAIL against the 50 ms p99, and writes the JSON to
 *    bench/.results/.
 *
 * Settings: BENCH_PRODUCTS (100000), BENCH_LINES (200000), BENCH_DEMO_SHARE (15), BENCH_DURATION (10),
 * BENCH_CONNECTIONS (20), BENCH_PORT (3320), BENCH_CALLS (comma list, default all), BENCH_DATABASE_URL (also run on
 * PostgreSQL), BENCH_PGLITE=0 (skip PGlite), BENCH_KEEP=1 (keep the seeded databases and say where, to iterate),
 * BENCH_DATA_DIR / BENCH_REUSE_URL (measure an already seeded PGlite folder / PostgreSQL database; not fresh).
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../apps/server/src/db/client.ts';
import { vacuumAnalyze } from '../apps/server/src/db/maintenance.ts';
import { DEMO_ACCOUNTS } from '../apps/server/src/db/seed/accounts.ts';
import { seedDemo } from '../apps/server/src/db/seed/index.ts';
import { headers, measure, table, type Figures, type LoadCall } from './lib/load.ts';
import { baseUrl, login, machine, pgliteTarget, postgresTarget, say, startServer, stopServer, waitForQuiet, waitForServer, writeResults, type Target } from './lib/server.ts';

const env = process.env;
const S = {
  products: Number(env.BENCH_PRODUCTS ?? 100_000),
  lines: Number(env.BENCH_LINES ?? 200_000),
  demoShare: Number(env.BENCH_DEMO_SHARE ?? 15),
  duration: Number(env.BENCH_DURATION ?? 10),
  connections: Number(env.BENCH_CONNECTIONS ?? 20),
  port: Number(env.BENCH_PORT ?? 3320),
  calls: env.BENCH_CALLS?.split(',').map((s) => s.trim()).filter(Boolean),
  databaseUrl: env.BENCH_DATABASE_URL,
  pglite: env.BENCH_PGLITE !== '0',
  keep: env.BENCH_KEEP === '1',
  dataDir: env.BENCH_DATA_DIR,
  reuseUrl: env.BENCH_REUSE_URL,
};
const TARGET_P99_MS = 50;
/** Every twelfth product is the demo vendor's, as in the real seed. */
const DEMO_EVERY = 12;
const BATCH = 20_000;
const base = baseUrl(S.port);

// ---------------------------------------------------------------------------------------------------------------
// The database.

/** A deterministic "random" integer in [0, m) from a row number and a salt: the same data on every run and engine. */
const h = (g: string, salt: number, m: number) => sql.raw(`(abs(hashint8((${g})::bigint * 7919 + ${salt})) % ${m})`);

const NOUNS = ['Saree', 'Kurta', 'Dupatta', 'Stole', 'Shawl', 'Lehenga', 'Kurti', 'Dhoti', 'Cushion Cover', 'Bedsheet', 'Jhola Bag', 'Table Runner'];
const CRAFTS = ['Handwoven', 'Block Printed', 'Embroidered', 'Pure Silk', 'Cotton', 'Chanderi', 'Banarasi', 'Ikat', 'Bandhani', 'Kalamkari', 'Phulkari', 'Pashmina', 'Khadi', 'Linen'];
const COLOURS = ['Indigo', 'Maroon', 'Mustard', 'Emerald', 'Ivory', 'Rani Pink', 'Teal', 'Saffron', 'Black', 'Peach', 'Olive', 'Rust'];
const FIRST = ['Aarav', 'Priya', 'Rohan', 'Ananya', 'Vikram', 'Meera', 'Arjun', 'Kavya', 'Rahul', 'Sneha', 'Aditya', 'Isha', 'Karan', 'Pooja', 'Siddharth', 'Neha'];
const LAST = ['Sharma', 'Iyer', 'Reddy', 'Patel', 'Das', 'Nair', 'Singh', 'Gupta', 'Mukherjee', 'Khan', 'Joshi', 'Menon'];
const CITIES = ['Jaipur', 'Pune', 'Kolkata', 'Chennai', 'Lucknow', 'Bengaluru', 'Hyderabad', 'Indore', 'Surat', 'Kochi', 'Bhopal', 'Guwahati'];
const arr = (list: readonly string[]) => sql.raw(`array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`);
const at = (list: readonly string[], g: string, salt: number) => sql`(${arr(list)})[1 + ${h(g, salt, list.length)}]`;

interface Seeded {
  vendorId: string;
  vendorMobile: string;
  vendorPassword: string;
  products: number;
  lines: number;
  orders: number;
  vendorProducts: number;
  vendorLines: number;
  vendorOrders: number;
}

async function seed(database: Database): Promise<Seeded> {
  const db = database.db;
  const started = Date.now();
  const step = (text: string) => say(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${text}`);
  await database.migrate();
  step('Demo accounts and reference data (the real seed, no products)');
  await seedDemo(db, { products: 0 });
  const vendorAccount = DEMO_ACCOUNTS.find((a) => a.role === 'vendor')!;
  const demo = await db.execute<{ id: string }>(sql`select id from users where mobile = ${vendorAccount.mobile}`);
  const vendorId = demo.rows[0]!.id;

  // The reference rows as arrays, so each generated row picks from them by a hash of its number.
  const refs = sql`(select array_agg(s.id order by s.id) as sub_ids, array_agg(s.category_id order by s.id) as sub_cats,
        array_agg(s.name order by s.id) as sub_names from subcategories s join categories c on c.id = s.category_id where not c.is_hidden) subs,
      (select array_agg(id order by id) as ids, array_agg(name order by id) as names from styles) sty,
      (select array_agg(id order by id) as ids, array_agg(name order by id) as names from states) sta,
      (select array_agg(user_id order by user_id) as ids from vendors where user_id <> ${vendorId}) ven`;

  const N = S.products;
  for (let from = 1; from <= N; from += BATCH) {
    const to = Math.min(N, from + BATCH - 1);
    // kind: 0–69 sizes, 70–89 free size, 90–99 colours. The demo vendor's products are older or newer alike.
    await db.execute(sql`insert into products (slug, name, description, images, price, offered_price, discount, is_free_size, free_size_qty,
        is_color_options, category_id, subcategory_id, style_id, state_id, vendor_id, meta_description, meta_keywords, search_text,
        is_trending, sales_count, is_active, deleted_at, created_at, updated_at)
      select 'bench-' || g, x.name, '<p>' || x.name || ', made by hand.</p>',
        array['/uploads/products/bench-' || (g % 500) || '.webp'], x.price, x.price - x.price * x.discount / 100, x.discount,
        x.kind between 70 and 89, case when x.kind between 70 and 89 then ${h('g', 11, 9)} else 0 end, x.kind >= 90,
        subs.sub_cats[x.sub], subs.sub_ids[x.sub], sty.ids[x.sty], sta.ids[x.sta],
        case when g % ${DEMO_EVERY} = 0 then ${vendorId}::uuid else ven.ids[1 + ${h('g', 12, 1_000_000)} % array_length(ven.ids, 1)] end,
        x.name || ' from ' || sta.names[x.sta], array[lower(subs.sub_names[x.sub]), lower(sty.names[x.sty])],
        x.name || ' ' || subs.sub_names[x.sub] || ' ' || sty.names[x.sty] || ' ' || sta.names[x.sta],
        ${h('g', 13, 100)} < 5, ${h('g', 14, 200)}, ${h('g', 15, 100)} >= 6,
        case when ${h('g', 15, 100)} < 2 then x.created + interval '30 days' end, x.created, x.created
      from generate_series(${from}::int, ${to}::int) g
      cross join ${refs}
      cross join lateral (select
          ${at(COLOURS, 'g', 1)} || ' ' || ${at(CRAFTS, 'g', 2)} || ' ' || ${at(NOUNS, 'g', 3)} as name,
          (500 + ${h('g', 4, 60)} * 100)::int as price, (${h('g', 5, 6)} * 10)::int as discount, ${h('g', 6, 100)}::int as kind,
          1 + ${h('g', 7, 1_000_000)} % array_length(subs.sub_ids, 1) as sub, 1 + ${h('g', 8, 1_000_000)} % array_length(sty.ids, 1) as sty,
          1 + ${h('g', 9, 1_000_000)} % array_length(sta.ids, 1) as sta,
          now() - interval '730 days' * (${h('g', 10, 1_000_000)}::float8 / 1e6) as created) x`);
    // Sizes s–xl for sized products (a few sold out or nearly), two colours for colour products.
    await db.execute(sql`insert into product_sizes (product_id, size, quantity)
      select p.id, z.size::size, case when ${h('g', 20, 100)} < 8 then 0 when ${h('g', 20, 100)} < 16 then 1 + ${h('g * 5 + z.n', 21, 3)} else ${h('g * 5 + z.n', 22, 40)} end
      from generate_series(${from}::int, ${to}::int) g join products p on p.slug = 'bench-' || g
      cross join (values (1, 's'), (2, 'm'), (3, 'l'), (4, 'xl')) z(n, size)
      where not p.is_free_size and not p.is_color_options`);
    await db.execute(sql`insert into product_colors (product_id, color, quantity, images, sort_order)
      select p.id, z.color, ${h('g * 3 + z.n', 23, 12)}, array['/uploads/products/bench-colour.webp'], z.n
      from generate_series(${from}::int, ${to}::int) g join products p on p.slug = 'bench-' || g
      cross join (values (0, 'Red'), (1, 'Blue')) z(n, color)
      where p.is_color_options`);
    step(`Products ${to.toLocaleString('en-IN')} of ${N.toLocaleString('en-IN')}`);
  }

  // Buyers, then orders: 1–3 lines each (2.2 on average), so BENCH_LINES lines need about BENCH_LINES / 2.2 orders.
  const BUYERS = 5000;
  await db.execute(sql`insert into users (role, firstname, lastname, mobile, mobile_verified)
    select 'user', ${at(FIRST, 'g', 30)}, ${at(LAST, 'g', 31)}, '95' || lpad(g::text, 8, '0'), true from generate_series(1, ${BUYERS}) g`);
  const buyers = sql`(select array_agg(id order by mobile) as ids from users where mobile like '95%' and role = 'user') b`;
  const linesPerOrder = sql`(array[1, 2, 3, 2, 3])[1 + g % 5]`;
  const ORDERS = Math.ceil(S.lines / 2.2);
  step(`Orders (${ORDERS.toLocaleString('en-IN')})`);
  const orderBase = 100_000;
  for (let from = 1; from <= ORDERS; from += BATCH) {
    const to = Math.min(ORDERS, from + BATCH - 1);
    // Age: more orders lately (a growing shop). Status by age: the newest still wait for payment or the vendor,
    // older ones are shipped, then delivered; some are cancelled at any age.
    await db.execute(sql`insert into orders (order_number, user_id, source, status, payment_mode, payment_status, sub_total, grand_total,
        amount_payable, address, created_at, updated_at, paid_at, cancelled_at, cancel_reason)
      select ${orderBase} + g, b.ids[1 + ${h('g', 40, BUYERS)}], case when ${h('g', 41, 2)} = 0 then 'cart'::order_source else 'buy_now' end,
        y.status::order_status, x.mode::payment_mode,
        (case when y.status = 'created' then 'pending'
              when y.status = 'cancelled' then case x.mode when 'cod' then 'cancelled' else 'refunded' end
              when x.mode = 'cod' and y.status <> 'delivered' then 'cod' else 'paid' end)::order_payment_status,
        0, 0, 0,
        jsonb_build_object('firstName', ${at(FIRST, 'g', 42)}, 'lastName', ${at(LAST, 'g', 43)}, 'streetAddress', (1 + ${h('g', 44, 300)}) || ' MG Road',
          'mobile', '98' || lpad(${h('g', 45, 100_000_000)}::text, 8, '0'), 'pincode', 302001 + ${h('g', 46, 900)}, 'city', ${at(CITIES, 'g', 47)},
          'state', 'Rajasthan', 'country', 'India', 'landmark', '', 'shippingNote', ''),
        x.created, x.created, case when y.status not in ('created', 'cancelled') and x.mode <> 'cod' then x.created end,
        case when y.status = 'cancelled' then x.created + interval '1 day' end, case when y.status = 'cancelled' then 'cancelled' end
      from generate_series(${from}::int, ${to}::int) g cross join ${buyers}
      cross join lateral (select now() - interval '365 days' * power(${h('g', 48, 1_000_000)}::float8 / 1e6, 1.3) as created,
          case when ${h('g', 49, 100)} < 40 then 'cod' when ${h('g', 49, 100)} < 95 then 'online' else 'wallet' end as mode, ${h('g', 50, 100)} as r) x
      cross join lateral (select case
          when x.created > now() - interval '1 hour' and x.mode = 'online' and x.r < 15 then 'created'
          when x.r < 8 then 'cancelled'
          when x.created > now() - interval '2 days' then case when x.r < 60 then 'pending' else 'confirmed' end
          when x.created > now() - interval '7 days' then case when x.r < 20 then 'confirmed' when x.r < 70 then 'shipped' else 'delivered' end
          else 'delivered' end as status) y`);
    // The lines: BENCH_DEMO_SHARE percent are the demo vendor's products, the rest any product.
    await db.execute(sql`insert into order_lines (order_id, position, product_id, vendor_id, category_id, gst_rate, name, slug, image, price, mrp,
        quantity, size, color, is_free_size, is_color_options)
      select o.id, n, p.id, p.vendor_id, p.category_id, 5, p.name, p.slug, p.images[1], p.offered_price, p.price, 1 + ${h('g * 4 + n', 51, 3)},
        case when not p.is_free_size and not p.is_color_options then 'm'::size end, case when p.is_color_options then 'Red' end,
        p.is_free_size, p.is_color_options
      from generate_series(${from}::int, ${to}::int) g
      join orders o on o.order_number = ${orderBase} + g
      cross join lateral generate_series(1, ${linesPerOrder}) n
      join products p on p.slug = 'bench-' || (case when ${h('g * 4 + n', 52, 100)} < ${S.demoShare}
        then ${DEMO_EVERY} * (1 + ${h('g * 4 + n', 53, Math.floor(N / DEMO_EVERY))})
        else 1 + ${h('g * 4 + n', 54, N)} end)`);
    // Each vendor's part of each order; a multi-vendor order's parts share its status.
    await db.execute(sql`insert into order_vendor_groups (order_id, vendor_id, brand_name, status, courier_partner, aws_number)
      select o.id, l.vendor_id, v.brand_name, o.status,
        case when o.status in ('shipped', 'delivered') then 'Delhivery' end, case when o.status in ('shipped', 'delivered') then 'DL' || o.order_number end
      from orders o join (select distinct l.order_id, l.vendor_id from order_lines l join orders lo on lo.id = l.order_id
          where lo.order_number between ${orderBase + from} and ${orderBase + to}) l on l.order_id = o.id
      join vendors v on v.user_id = l.vendor_id`);
    await db.execute(sql`update orders o set sub_total = t.total, grand_total = t.total, amount_payable = t.total
      from (select l.order_id, sum(l.price * l.quantity)::int as total from order_lines l join orders lo on lo.id = l.order_id
          where lo.order_number between ${orderBase + from} and ${orderBase + to} group by l.order_id) t
      where t.order_id = o.id`);
    step(`Orders ${to.toLocaleString('en-IN')} of ${ORDERS.toLocaleString('en-IN')}`);
  }
  await db.execute(sql`select setval('order_number_seq', (select max(order_number) from orders))`);
  step('Planner statistics (VACUUM ANALYZE)');
  await vacuumAnalyze(db);
  const counts = await db.execute<Record<string, number>>(sql`select
      (select count(*)::int from products) as products, (select count(*)::int from order_lines) as lines, (select count(*)::int from orders) as orders,
      (select count(*)::int from products where vendor_id = ${vendorId} and deleted_at is null) as vendor_products,
      (select count(*)::int from order_lines where vendor_id = ${vendorId}) as vendor_lines,
      (select count(*)::int from order_vendor_groups where vendor_id = ${vendorId}) as vendor_orders`);
  const c = counts.rows[0]!;
  step('Seeded');
  return {
    vendorId,
    vendorMobile: vendorAccount.mobile,
    vendorPassword: vendorAccount.password,
    products: Number(c.products),
    lines: Number(c.lines),
    orders: Number(c.orders),
    vendorProducts: Number(c.vendor_products),
    vendorLines: Number(c.vendor_lines),
    vendorOrders: Number(c.vendor_orders),
  };
}

async function get(pathname: string, token: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(base + pathname, { headers: headers(token) });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as unknown) : null };
}

async function runOn(target: Target): Promise<boolean> {
  const startedAt = new Date();
  try {
    const database = await target.open();
    let seeded: Seeded;
    let orderIds: string[];
    try {
      if (target.fresh) {
        say(`Seeding ${S.products.toLocaleString('en-IN')} products and ${S.lines.toLocaleString('en-IN')} order lines into a fresh ${target.engine} database`);
        seeded = await seed(database);
      } else {
        say(`Using the already seeded ${target.engine} database at ${target.where} (not fresh)`);
        await database.migrate();
        const vendorAccount = DEMO_ACCOUNTS.find((a) => a.role === 'vendor')!;
        const c = await database.db.execute<Record<string, string | number>>(sql`select u.id,
            (select count(*)::int from products) as products, (select count(*)::int from order_lines) as lines, (select count(*)::int from orders) as orders,
            (select count(*)::int from products where vendor_id = u.id and deleted_at is null) as vendor_products,
            (select count(*)::int from order_lines where vendor_id = u.id) as vendor_lines,
            (select count(*)::int from order_vendor_groups where vendor_id = u.id) as vendor_orders
          from users u where u.mobile = ${vendorAccount.mobile}`);
        const r = c.rows[0]!;
        seeded = {
          vendorId: String(r.id),
          vendorMobile: vendorAccount.mobile,
          vendorPassword: vendorAccount.password,
          products: Number(r.products),
          lines: Number(r.lines),
          orders: Number(r.orders),
          vendorProducts: Number(r.vendor_products),
          vendorLines: Number(r.vendor_lines),
          vendorOrders: Number(r.vendor_orders),
        };
      }
      const ids = await database.db.execute<{ order_id: string }>(sql`select g.order_id from order_vendor_groups g join orders o on o.id = g.order_id
        where g.vendor_id = ${seeded.vendorId} and o.status <> 'created' order by md5(g.order_id::text) limit 500`);
      orderIds = ids.rows.map((r) => r.order_id);
    } finally {
      await database.close();
    }
    say(
      `The demo vendor has ${seeded.vendorProducts.toLocaleString('en-IN')} products and ${seeded.vendorLines.toLocaleString('en-IN')} order lines ` +
        `in ${seeded.vendorOrders.toLocaleString('en-IN')} orders (of ${seeded.products.toLocaleString('en-IN')} products, ` +
        `${seeded.lines.toLocaleString('en-IN')} lines, ${seeded.orders.toLocaleString('en-IN')} orders)`,
    );

    const calls: LoadCall[] = [
      { name: 'products', paths: ['/api/vendor/my-products'] },
      { name: 'products-search', paths: ['/api/vendor/my-products?search=silk'] },
      { name: 'products-status', paths: ['/api/vendor/my-products?status=unpublished'] },
      { name: 'products-page', paths: ['/api/vendor/my-products?page=100'] },
      { name: 'orders', paths: ['/api/vendor/orders'] },
      { name: 'orders-status', paths: ['/api/vendor/orders?status=pending'] },
      { name: 'order-detail', paths: orderIds.map((id) => `/api/vendor/orders/${id}`) },
      { name: 'dashboard', paths: ['/api/vendor/dashboard'] },
    ].filter((c) => !S.calls || S.calls.includes(c.name));

    say('Starting the server');
    const server = startServer(S.port, target.serverEnv);
    const rows: Figures[] = [];
    try {
      await waitForServer(server, S.port);
      const token = await login(S.port, seeded.vendorMobile, seeded.vendorPassword);

      say('Warming up: every call once (and every order of the detail mix), each must answer 200');
      for (const call of calls) {
        for (const p of call.paths) {
          const res = await get(p, token);
          if (res.status !== 200) throw new Error(`${p} answered ${res.status}: ${JSON.stringify(res.json).slice(0, 300)}`);
        }
      }
      say('Waiting for the server to settle (a fresh data folder draws the first pictures in the background)');
      await waitForQuiet(server.pid);
      for (const call of calls) {
        say(`${call.name}: ${S.duration} s at ${S.connections} connections (load average ${os.loadavg()[0]!.toFixed(1)})`);
        rows.push(await measure({ ...call, token }, { base, connections: S.connections, durationSeconds: S.duration, targetP99Ms: TARGET_P99_MS, serverPid: server.pid }));
      }
    } finally {
      await stopServer(server);
    }

    const header =
      `vendor console bench · ${target.engine}${target.fresh ? '' : ' (reused data, not fresh)'} · ${seeded.products.toLocaleString('en-IN')} products, ` +
      `${seeded.lines.toLocaleString('en-IN')} order lines; the measured vendor: ${seeded.vendorProducts.toLocaleString('en-IN')} products, ` +
      `${seeded.vendorLines.toLocaleString('en-IN')} lines in ${seeded.vendorOrders.toLocaleString('en-IN')} orders · ${S.connections} connections · ` +
      `${S.duration} s per call · ${machine()}`;
    process.stdout.write(`\n${header}\nlatency in ms (target p99 ≤ ${TARGET_P99_MS} ms); load = 1-minute load average when the call started; cpu µs = the server process's CPU time per request\n${table(rows)}\n\n`);
    const file = writeResults(`vendor-console-${target.engine}`, startedAt, {
      engine: target.engine,
      freshDatabase: target.fresh,
      seeded: { ...seeded, vendorPassword: undefined },
      settings: { ...S, databaseUrl: S.databaseUrl ? '(set)' : undefined, reuseUrl: S.reuseUrl ? '(set)' : undefined },
      targetP99Ms: TARGET_P99_MS,
      calls: rows,
    });
    say(`Results written to ${file}`);
    if (S.keep && target.fresh) say(`Kept the seeded ${target.engine} database: ${target.where}`);
    return rows.every((r) => r.pass);
  } finally {
    await target.cleanup();
  }
}

async function main(): Promise<number> {
  let ok = true;
  if (S.pglite) ok = (await runOn(pgliteTarget({ name: 'vendor', keep: S.keep, dataDir: S.dataDir }))) && ok;
  if (S.databaseUrl || S.reuseUrl) ok = (await runOn(await postgresTarget(S.databaseUrl ?? S.reuseUrl!, { name: 'vendor', keep: S.keep, reuseUrl: S.reuseUrl }))) && ok;
  return ok ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`The benchmark failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
