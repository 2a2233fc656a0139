import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG, VENDOR_IMPORT_COLUMNS, vendorImportReport } from '@statewise/contract';
import { createTestServer, type TestServer } from '../../test/app.ts';
import { authHeader, loginAs } from '../../test/auth.ts';
import { expectContract } from '../../test/contract.ts';
import { newCategory, newState, newStyle, newSubcategory, newVendor, unique } from '../../test/factories.ts';
import { parseCsv, toCsv } from './csv.ts';

let s: TestServer;
type Headers = Record<string, string>;
let vendorHeaders: Headers;
let vendorId: string;
let userHeaders: Headers;
let adminHeaders: Headers;
const names = { category: '', categorySlug: '', subcategory: '', otherSub: '', style: '', state: '' };
const HEADER = VENDOR_IMPORT_COLUMNS.map((c) => c.name);
type Cells = Partial<Record<(typeof HEADER)[number], string>>;

/** A CSV row for the template's columns, a valid sized product unless `over` says otherwise. */
function row(over: Cells = {}): string[] {
  const base: Cells = {
    name: `Imported Kurta ${unique()}`,
    description: 'Hand-block printed.\nSoft cotton.',
    category: names.category,
    subcategory: names.subcategory,
    style: names.style,
    state: names.state,
    price: '2000',
    'offered price': '1499',
    'stock type': 'sizes',
    m: '4',
    l: '2',
    keywords: 'kurta, import',
  };
  const cells = { ...base, ...over };
  return HEADER.map((h) => cells[h] ?? '');
}

const csv = (rows: string[][], header: string[] = [...HEADER]) => Buffer.from(toCsv([header, ...rows]));

async function upload(bytes: Buffer, { dryRun = false, headers = vendorHeaders, filename = 'products.csv', type = 'text/csv' } = {}) {
  const boundary = `----statewise${unique()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await s.app.inject({
    method: 'POST',
    url: `/api/vendor/my-products/import${dryRun ? '?dryRun=1' : ''}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

async function productCount(): Promise<number> {
  const res = await s.db.execute<{ n: number }>(sql`select count(*)::int as n from products where vendor_id = ${vendorId}`);
  return Number(res.rows[0]!.n);
}

beforeAll(async () => {
  s = await createTestServer();
  const vendor = await newVendor(s.db);
  vendorId = vendor.userId;
  vendorHeaders = await authHeader(s, vendor.userId);
  userHeaders = (await loginAs(s)).headers;
  adminHeaders = (await loginAs(s, { role: 'admin' })).headers;
  const category = await newCategory(s.db, { name: `Ethnic ${unique()}` });
  const sub = await newSubcategory(s.db, category.id, { name: 'Kurtas' });
  const other = await newCategory(s.db, { name: `Decor ${unique()}` });
  const otherSub = await newSubcategory(s.db, other.id, { name: `Cushions ${unique()}` });
  const style = await newStyle(s.db, { name: `Dabu ${unique()}` });
  const state = await newState(s.db, { name: `Rajasthan ${unique()}` });
  Object.assign(names, { category: category.name, categorySlug: category.slug, subcategory: sub.name, otherSub: otherSub.name, style: style.name, state: state.name });
}, 60_000);

afterAll(async () => {
  await s?.close();
});

describe('GET /api/vendor/my-products/import/template', () => {
  it('is a CSV with every column of the template and two example rows that pass the dry run', async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/vendor/my-products/import/template', headers: vendorHeaders });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="statewise-products-template\.csv"/);
    expect(res.body.charCodeAt(0)).toBe(0xfeff);
    const records = parseCsv(res.body);
    expect(records[0]).toEqual(HEADER);
    expect(HEADER).toEqual(expect.arrayContaining(['name', 'description', 'category', 'subcategory', 'style', 'state', 'price', 'offered price', 'stock type', 'quantity', 'xs', 'xxxl', 'colours', 'meta description', 'keywords']));
    expect(records).toHaveLength(3);
    const check = await upload(res.rawPayload, { dryRun: true });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({ rows: 2, valid: 2, errors: [] });
  });

  it('is for vendors only: 403 for a shopper and an admin, 401 for a guest', async () => {
    for (const headers of [userHeaders, adminHeaders]) {
      expect((await s.app.inject({ method: 'GET', url: '/api/vendor/my-products/import/template', headers })).statusCode).toBe(403);
    }
    expect((await s.app.inject({ method: 'GET', url: '/api/vendor/my-products/import/template' })).statusCode).toBe(401);
  });
});

describe('POST /api/vendor/my-products/import?dryRun=1', () => {
  it('reports each problem by row and column with the add form’s own messages, and writes nothing', async () => {
    const before = await productCount();
    const file = csv([
      row(),
      row({ name: '', price: 'abc' }),
      row({ 'offered price': '2500', category: 'No such category', subcategory: 'x' }),
      row({ subcategory: names.otherSub, state: 'Atlantis', style: 'Nope' }),
      row({ 'stock type': 'sizes', m: '-1', l: 'many' }),
      row({ 'stock type': 'colours', m: '', l: '', colours: 'Red:5; Red:3' }),
      row({ 'stock type': 'free', m: '', l: '', quantity: '' }),
      row({ 'stock type': 'boxes' }),
      row({ description: '<script>alert(1)</script>' }),
      row({ colours: 'Red', 'stock type': 'colours' }),
    ]);
    const res = await upload(file, { dryRun: true });
    expect(res.status).toBe(200);
    const report = expectContract(vendorImportReport, res.body);
    expect(report.rows).toBe(10);
    expect(report.valid).toBe(1);
    expect(report.errors).toEqual([
      { row: 3, column: 'name', message: MSG.vpNameRequired },
      { row: 3, column: 'price', message: MSG.vpPriceRequired },
      { row: 4, column: 'category', message: MSG.vpCategoryUnknown },
      { row: 4, column: 'subcategory', message: MSG.vpSubcategoryMismatch },
      { row: 4, column: 'offered price', message: MSG.vpOfferedAbovePrice },
      { row: 5, column: 'subcategory', message: MSG.vpSubcategoryMismatch },
      { row: 5, column: 'style', message: MSG.vpStyleUnknown },
      { row: 5, column: 'state', message: MSG.vpStateUnknown },
      { row: 6, column: 'm', message: MSG.vpQuantityInvalid },
      { row: 6, column: 'l', message: MSG.vpQuantityInvalid },
      { row: 7, column: 'colours', message: MSG.vpColorRepeated },
      { row: 8, column: 'quantity', message: MSG.vpQuantityInvalid },
      { row: 9, column: 'stock type', message: MSG.vpImportStockTypeUnknown },
      { row: 10, column: 'description', message: MSG.vpDescriptionRequired },
      { row: 11, column: 'colours', message: MSG.vpImportColoursFormat },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('reads a BOM, CRLF, quoted commas and line breaks, names or slugs in any case, and skips blank rows', async () => {
    const text =
      '\uFEFF' +
      toCsv([
        HEADER.map((h) => h.toUpperCase()),
        row({ name: 'Kurta, "Dabu" print', description: 'Line one, with a comma\r\nLine two', category: names.categorySlug.toUpperCase(), subcategory: names.subcategory.toLowerCase() }),
        HEADER.map(() => ''),
        row({ 'stock type': '', m: '', l: '', colours: 'Indigo:3; Madder red:0', price: '₹2,000' }),
      ]) +
      '\r\n';
    const res = await upload(Buffer.from(text), { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ rows: 2, valid: 2, errors: [] });
  });

  it('names unknown, missing and repeated columns in row 1 and a cell outside the columns in its row', async () => {
    const header: string[] = [...HEADER.filter((h) => h !== 'price'), 'colour code', 'name'];
    const res = await upload(csv([row()], header), { dryRun: true });
    expect(res.body.data.errors).toEqual(
      expect.arrayContaining([
        { row: 1, column: 'colour code', message: MSG.vpImportUnknownColumn },
        { row: 1, column: 'price', message: MSG.vpImportMissingColumn },
        { row: 1, column: 'name', message: MSG.vpImportRepeatedColumn },
      ]),
    );
    const extra = await upload(Buffer.from(toCsv([HEADER, [...row(), 'stray, value']])), { dryRun: true });
    expect(extra.body.data.errors).toEqual([{ row: 2, column: `column ${HEADER.length + 1}`, message: MSG.vpImportExtraCell }]);
  });

  it('reports a quote that never closes at the row where it opens', async () => {
    const text = toCsv([HEADER, row()]) + `"Open quote,${row().slice(1).join(',')}\r\n`;
    const res = await upload(Buffer.from(text), { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body.data.errors).toEqual([{ row: 3, column: '', message: MSG.vpImportUnclosedQuote }]);
  });

  it('refuses a file that is not CSV text (415), too large (413), has too many rows (413), no rows (400) or is missing (400)', async () => {
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const notCsv = await upload(png, { dryRun: true, filename: 'products.csv' });
    expect(notCsv.status).toBe(415);
    expect(notCsv.body.message).toBe(MSG.vpImportNotCsv);
    // Excel's plain "CSV" in a Windows code page: é as the single byte 0xE9 is not UTF-8.
    const latin1 = await upload(Buffer.concat([csv([row()]), Buffer.from([0xe9, 0x0d, 0x0a])]), { dryRun: true });
    expect(latin1.status).toBe(415);

    const big = await upload(Buffer.alloc(2 * 1024 * 1024 + 10, 'a'), { dryRun: true });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe(MSG.vpImportTooLarge);

    const many = await upload(csv(Array.from({ length: 1001 }, () => row())), { dryRun: true });
    expect(many.status).toBe(413);
    expect(many.body.message).toBe(MSG.vpImportTooManyRows);

    const empty = await upload(csv([]), { dryRun: true });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe(MSG.vpImportEmpty);

    const boundary = `----statewise${unique()}`;
    const none = await s.app.inject({
      method: 'POST',
      url: '/api/vendor/my-products/import?dryRun=1',
      headers: { ...vendorHeaders, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}--\r\n`,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(MSG.vpImportFileRequired);
  });

  it('is for vendors only: 403 for a shopper and an admin', async () => {
    for (const headers of [userHeaders, adminHeaders]) expect((await upload(csv([row()]), { dryRun: true, headers })).status).toBe(403);
  });
});

describe('POST /api/vendor/my-products/import', () => {
  it('writes nothing when any row has a problem: 422 with the same report', async () => {
    const before = await productCount();
    const file = csv([row(), row({ price: '' }), row()]);
    const res = await upload(file);
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toBe(MSG.vpImportHasErrors);
    expect(res.body.data).toEqual({ rows: 3, valid: 2, errors: [{ row: 3, column: 'price', message: MSG.vpPriceRequired }] });
    expect(await productCount()).toBe(before);
  });

  it('creates every row as an unpublished draft without pictures, in the vendor’s list, with its stock', async () => {
    const tag = unique();
    const file = csv([
      row({ name: `Draft Kurta ${tag}`, m: '4', l: '2' }),
      row({ name: `Draft Kurta ${tag}`, 'stock type': 'free', m: '', l: '', quantity: '7' }),
      row({ name: `Draft Stole ${tag}`, 'stock type': 'colours', m: '', l: '', colours: 'Indigo:3; Rust:1' }),
    ]);
    const res = await upload(file);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(MSG.vpImported);
    expect(res.body.data).toEqual({ rows: 3, valid: 3, errors: [], created: 3 });

    const list = await s.app.inject({ method: 'GET', url: `/api/vendor/my-products?search=${tag}&status=unpublished`, headers: vendorHeaders });
    const products = list.json().data.products as { name: string; slug: string; isActive: boolean; images: string[]; totalStock: number; discount: number; description: string }[];
    expect(products).toHaveLength(3);
    for (const p of products) {
      expect(p.isActive).toBe(false);
      expect(p.images).toEqual([]);
      expect(p.discount).toBe(25);
      expect(p.description).toBe('<p>Hand-block printed.</p><p>Soft cotton.</p>');
    }
    expect(products.map((p) => p.totalStock).sort()).toEqual([4, 6, 7]);
    // The same name twice is allowed, as in the add form: each gets its own address.
    const slugs = products.filter((p) => p.name === `Draft Kurta ${tag}`).map((p) => p.slug);
    expect(new Set(slugs).size).toBe(2);
    const published = await s.app.inject({ method: 'GET', url: `/api/vendor/my-products?search=${tag}&status=published`, headers: vendorHeaders });
    expect(published.json().data.total).toBe(0);
  });

  it('refuses to publish a product without a picture (409), with a clear message', async () => {
    const tag = unique();
    expect((await upload(csv([row({ name: `Bare Kurta ${tag}` }), row({ name: `Bare Stole ${tag}`, 'stock type': 'colours', colours: 'Red:2' })]))).status).toBe(201);
    const list = await s.app.inject({ method: 'GET', url: `/api/vendor/my-products?search=${tag}`, headers: vendorHeaders });
    for (const p of list.json().data.products as { _id: string; isColorOptions: boolean }[]) {
      const res = await s.app.inject({ method: 'POST', url: `/api/vendor/my-products/${p._id}/publish`, headers: vendorHeaders });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MSG.vpPublishNeedsPicture);
    }
    // A colour product with its main picture but a colour without one is refused too.
    const stole = (list.json().data.products as { _id: string; isColorOptions: boolean }[]).find((p) => p.isColorOptions)!;
    await s.db.execute(sql`update products set images = array['/uploads/products/x-1080w.webp'] where id = ${stole._id}`);
    const res = await s.app.inject({ method: 'POST', url: `/api/vendor/my-products/${stole._id}/publish`, headers: vendorHeaders });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.vpPublishNeedsColourPictures);
  });

  /** The edit form as the browser sends it (multipart, text fields only). */
  async function patchForm(id: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    const body = new Response(form);
    return s.app.inject({
      method: 'PATCH',
      url: `/api/vendor/my-products/${id}`,
      headers: { ...vendorHeaders, 'content-type': body.headers.get('content-type')! },
      payload: Buffer.from(await body.arrayBuffer()),
    });
  }

  it('lets a draft without pictures be edited, and asks for a picture once it is published', async () => {
    const tag = unique();
    expect((await upload(csv([row({ name: `Draft Shawl ${tag}` }), row({ name: `Draft Dupatta ${tag}`, 'stock type': 'colours', colours: 'Red:2' })]))).status).toBe(201);
    const list = await s.app.inject({ method: 'GET', url: `/api/vendor/my-products?search=${tag}`, headers: vendorHeaders });
    for (const p of list.json().data.products as { _id: string; isColorOptions: boolean }[]) {
      const inventory = p.isColorOptions ? { type: 'colors', colors: [{ color: 'Red', quantity: 4, images: [] }] } : { type: 'free', quantity: 6 };
      const edit = await patchForm(p._id, { price: '2100', keepImages: '[]', inventory: JSON.stringify(inventory) });
      expect(edit.statusCode, edit.body).toBe(200);
      expect(edit.json().data.price).toBe(2100);
      expect(edit.json().data.isActive).toBe(false);
    }
    // once published (pictures added behind the API's back here), leaving it without any is refused again
    const shawl = (list.json().data.products as { _id: string; isColorOptions: boolean }[]).find((p) => !p.isColorOptions)!;
    await s.db.execute(sql`update products set images = array['/uploads/products/x-1080w.webp'], is_active = true where id = ${shawl._id}`);
    const bare = await patchForm(shawl._id, { keepImages: '[]' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ images: MSG.vpImagesRequired });
  });

  it('checks and imports 1,000 rows in a few seconds', async () => {
    const tag = unique();
    const file = csv(Array.from({ length: 1000 }, (_, i) => row({ name: `Bulk Kurta ${tag} ${i % 500}`, description: `Row ${i}, hand-block printed.` })));
    let started = performance.now();
    const check = await upload(file, { dryRun: true });
    const dryMs = performance.now() - started;
    expect(check.body.data).toEqual({ rows: 1000, valid: 1000, errors: [] });
    started = performance.now();
    const res = await upload(file);
    const importMs = performance.now() - started;
    expect(res.status).toBe(201);
    expect(res.body.data.created).toBe(1000);
    console.info(`1,000 rows: dry run ${Math.round(dryMs)} ms, import ${Math.round(importMs)} ms`);
    // A generous bound: the shared test machine runs several suites at once (measured figures in ADR 018).
    expect(dryMs + importMs).toBeLessThan(30_000);
    const n = await s.db.execute<{ n: number; slugs: number }>(sql`select count(*)::int as n, count(distinct slug)::int as slugs from products where name like ${`Bulk Kurta ${tag}%`}`);
    expect(n.rows[0]).toEqual({ n: 1000, slugs: 1000 });
  }, 60_000);
});
