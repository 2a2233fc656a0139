import { sql } from 'drizzle-orm';
import {
  MSG,
  SIZES,
  VENDOR_IMPORT_COLUMNS,
  VENDOR_IMPORT_LIMITS,
  vendorProductForm,
  type VendorImportColumn,
  type VendorImportError,
  type VendorImportReport,
  type VendorProductForm,
} from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { CsvError, parseCsv, toCsv } from './csv.ts';
import {
  checkFormRules,
  fieldErrors,
  insertProducts,
  insertStock,
  isSlugClash,
  loadRefBook,
  pickSlug,
  searchTextOf,
  slugBase,
  textArray,
  type RefBook,
  type RefEntry,
} from './service.ts';

/*
 * Bulk catalogue import (issue 10, ADR 018). Each CSV row becomes the add form's text fields and goes through the
 * same checks as the form — the contract's `vendorProductForm` and service.ts `checkFormRules` — so a row is refused
 * with exactly the form's messages, named by row and column. Only the picture rules are left out: a CSV cannot
 * carry pictures, so products are written as drafts (unpublished, no pictures) and publishing asks for a picture.
 */

type Ctx = Pick<AppContext, 'db' | 'catalogueCache'>;

const COLUMN_NAMES = VENDOR_IMPORT_COLUMNS.map((c) => c.name);

/** A header as typed in a sheet ("Offered Price", "offered_price", "Colors") to the template's column, if any. */
const headerKey = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');
const ALIASES: Record<string, VendorImportColumn> = {
  ...Object.fromEntries(COLUMN_NAMES.map((c) => [headerKey(c), c])),
  colors: 'colours',
  metakeywords: 'keywords',
  stock: 'stock type',
  inventory: 'stock type',
  inventorytype: 'stock type',
  freesizequantity: 'quantity',
};

/** Two example rows: a sized kurta and a free-size dupatta (names from the live catalogue where it has them). */
function exampleRows(book: RefBook): string[][] {
  const any = <T extends RefEntry>(m: Map<string, T>, want: string, pick?: (e: T) => boolean) =>
    [...m.values()].find((e) => e.name.toLowerCase() === want.toLowerCase() && (!pick || pick(e))) ?? [...m.values()].find((e) => !pick || pick(e));
  const category = any(book.categories, 'Women', (c) => [...book.subcategories.values()].some((s) => s.categoryId === c.id));
  const sub = category ? any(book.subcategories, 'Kurtas', (s) => s.categoryId === category.id) : undefined;
  const state = any(book.states, 'Rajasthan');
  const style = any(book.styles, 'Dabu');
  const row = (v: Partial<Record<VendorImportColumn, string>>) => COLUMN_NAMES.map((c) => v[c] ?? '');
  return [
    row({
      name: 'Indigo Dabu Cotton Kurta',
      description: 'Hand-block printed in Bagru with natural indigo.\nSoft, breathable cotton.',
      category: category?.name ?? 'Women',
      subcategory: sub?.name ?? 'Kurtas',
      style: style?.name ?? '',
      state: state?.name ?? 'Rajasthan',
      price: '2000',
      'offered price': '1499',
      'stock type': 'sizes',
      s: '4',
      m: '6',
      l: '3',
      'meta description': 'A hand-block printed indigo kurta from Rajasthan',
      keywords: 'kurta, dabu, indigo',
    }),
    row({
      name: 'Bandhani Silk Dupatta',
      description: 'Tie-dyed by hand, "bandhej" dots in red and gold.',
      category: category?.name ?? 'Women',
      subcategory: sub?.name ?? 'Kurtas',
      state: state?.name ?? 'Rajasthan',
      price: '1800',
      'offered price': '1800',
      'stock type': 'free',
      quantity: '10',
      keywords: 'dupatta, bandhani',
    }),
  ];
}

/** GET vendor/my-products/import/template: the header and two example rows, with a BOM so Excel reads UTF-8. */
export async function importTemplate(ctx: Ctx): Promise<string> {
  const book = await loadRefBook(ctx.db);
  return `\uFEFF${toCsv([COLUMN_NAMES, ...exampleRows(book)])}`;
}

/** Finds a category, subcategory, style or state by id, slug or name, any case and spacing. */
function finder<T extends RefEntry>(entries: Iterable<T>) {
  const byKey = new Map<string, T>();
  const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');
  for (const e of entries) {
    byKey.set(norm(e.id), e);
    byKey.set(norm(e.slug), e);
    if (!byKey.has(norm(e.name))) byKey.set(norm(e.name), e);
  }
  return (v: string) => byKey.get(norm(v));
}

/** A cell's text as the form's description (HTML): kept if it is HTML already, else each line a paragraph. */
function descriptionHtml(v: string): string {
  if (/<\/?[a-z][^>]*>/i.test(v)) return v;
  const escape = (t: string) => t.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
  return v
    .split(/\r\n|\r|\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => `<p>${escape(l)}</p>`)
    .join('');
}

/** Rupees as a sheet may format them ("₹1,499", "Rs. 1499", "1499.00"): the number, for the form's own rule. */
const rupeesCell = (v: string) => v.replace(/^\s*(?:₹|rs\.?|inr)\s*/i, '').replace(/[,\s]/g, '');

const STOCK_TYPES: Record<string, 'free' | 'sizes' | 'colors'> = {
  free: 'free',
  freesize: 'free',
  sizes: 'sizes',
  size: 'sizes',
  sized: 'sizes',
  colours: 'colors',
  colour: 'colors',
  colors: 'colors',
  color: 'colors',
};

type Row = Partial<Record<VendorImportColumn, string>>;

/**
 * The row as the add form's text fields (`inventory` as its JSON), or a problem of the CSV's own shape (stock
 * type, colours list) by column. The form's schema then judges the values.
 */
function formFields(row: Row, find: ReturnType<typeof finders>): { fields: Record<string, string | undefined>; sizeOrder: string[]; problems: [VendorImportColumn, string][] } {
  const problems: [VendorImportColumn, string][] = [];
  const cell = (c: VendorImportColumn) => (row[c] ?? '').trim();
  const category = find.category(cell('category'));
  const sub = category ? find.subcategory(category.id, cell('subcategory')) : undefined;
  // Unknown names go through as typed: the form's schema refuses them with its own "from the list" messages.
  const fields: Record<string, string | undefined> = {
    name: row.name,
    description: row.description === undefined ? undefined : descriptionHtml(row.description),
    categoryId: category?.id ?? cell('category'),
    subcategoryId: sub?.id ?? cell('subcategory'),
    styleId: cell('style') ? (find.style(cell('style'))?.id ?? cell('style')) : '',
    stateId: find.state(cell('state'))?.id ?? cell('state'),
    price: rupeesCell(cell('price')),
    offeredPrice: rupeesCell(cell('offered price')),
    metaDescription: row['meta description'] ?? '',
    metaKeywords: row.keywords ?? '',
  };

  const sizesGiven = SIZES.filter((s) => cell(s) !== '');
  const typed = cell('stock type');
  const type = typed ? STOCK_TYPES[headerKey(typed)] : cell('colours') ? 'colors' : sizesGiven.length ? 'sizes' : cell('quantity') ? 'free' : undefined;
  if (typed && !type) problems.push(['stock type', MSG.vpImportStockTypeUnknown]);
  let inventory: unknown;
  if (type === 'free') inventory = { type, quantity: cell('quantity') || undefined };
  if (type === 'sizes') inventory = { type, sizes: sizesGiven.map((size) => ({ size, quantity: cell(size) })) };
  if (type === 'colors') {
    const list = cell('colours');
    const parts = list
      .split(list.includes(';') ? ';' : ',')
      .map((p) => p.trim())
      .filter(Boolean);
    const colors = parts.map((p) => {
      const at = p.lastIndexOf(':');
      return at < 0 ? null : { color: p.slice(0, at).trim(), quantity: p.slice(at + 1).trim() || undefined };
    });
    if (colors.some((c) => c === null)) problems.push(['colours', MSG.vpImportColoursFormat]);
    else inventory = { type, colors };
  }
  fields.inventory = inventory === undefined ? undefined : JSON.stringify(inventory);
  return { fields, sizeOrder: sizesGiven, problems };
}

/** The template column a form field's message belongs to. */
function columnOf(field: string, sizeOrder: string[]): VendorImportColumn {
  const [head, kind, index] = field.split('.');
  switch (head) {
    case 'categoryId':
      return 'category';
    case 'subcategoryId':
      return 'subcategory';
    case 'styleId':
      return 'style';
    case 'stateId':
      return 'state';
    case 'offeredPrice':
      return 'offered price';
    case 'metaDescription':
      return 'meta description';
    case 'metaKeywords':
      return 'keywords';
    case 'inventory':
      if (kind === 'quantity') return 'quantity';
      if (kind === 'colors') return 'colours';
      if (kind === 'sizes' && index !== undefined) return (sizeOrder[Number(index)] as VendorImportColumn | undefined) ?? 'stock type';
      return 'stock type';
    default:
      return (COLUMN_NAMES as readonly string[]).includes(head!) ? (head as VendorImportColumn) : 'name';
  }
}

function finders(book: RefBook) {
  const subsOf = new Map<string, RefEntry[]>();
  for (const s of book.subcategories.values()) subsOf.set(s.categoryId, [...(subsOf.get(s.categoryId) ?? []), s]);
  const subFinders = new Map([...subsOf].map(([id, list]) => [id, finder(list)]));
  return {
    category: finder(book.categories.values()),
    subcategory: (categoryId: string, v: string) => subFinders.get(categoryId)?.(v),
    style: finder(book.styles.values()),
    state: finder(book.states.values()),
  };
}

interface Draft {
  form: VendorProductForm;
  description: string;
  searchText: string;
}

/** Reads and checks the file: the report, and the products ready to write when every row passed. */
export async function checkImport(ctx: Ctx, bytes: Buffer): Promise<{ report: VendorImportReport; drafts: Draft[] }> {
  let records: string[][];
  try {
    records = parseCsv(bytes.toString('utf8'), MSG.vpImportUnclosedQuote);
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    return { report: { rows: 0, valid: 0, errors: [{ row: err.row, column: '', message: err.message }] }, drafts: [] };
  }
  const blank = (r: string[]) => r.every((v) => v.trim() === '');
  const header = records[0] ?? [];
  const body = records.slice(1).map((cells, i) => ({ row: i + 2, cells })).filter((r) => !blank(r.cells));
  if (!body.length) throw badRequest(MSG.vpImportEmpty, { file: MSG.vpImportEmpty });
  if (body.length > VENDOR_IMPORT_LIMITS.rows) throw new AppError(413, MSG.vpImportTooManyRows, { file: MSG.vpImportTooManyRows });

  // The header: known columns in any order; empty header cells (a sheet's unused columns) are skipped.
  const errors: VendorImportError[] = [];
  const columns: (VendorImportColumn | null)[] = header.map((h) => {
    if (!h.trim()) return null;
    const col = ALIASES[headerKey(h)];
    if (!col) errors.push({ row: 1, column: h.trim(), message: MSG.vpImportUnknownColumn });
    return col ?? null;
  });
  for (const c of COLUMN_NAMES) {
    const n = columns.filter((x) => x === c).length;
    if (n > 1) errors.push({ row: 1, column: c, message: MSG.vpImportRepeatedColumn });
    if (n === 0 && VENDOR_IMPORT_COLUMNS.find((x) => x.name === c)!.required) errors.push({ row: 1, column: c, message: MSG.vpImportMissingColumn });
  }
  if (errors.length) return { report: { rows: body.length, valid: 0, errors }, drafts: [] };

  const book = await loadRefBook(ctx.db);
  const find = finders(book);
  const drafts: Draft[] = [];
  let valid = 0;
  for (const { row, cells } of body) {
    const values: Row = {};
    const rowErrors = new Map<string, string>();
    const add = (column: string, message: string) => {
      if (!rowErrors.has(column)) rowErrors.set(column, message);
    };
    cells.forEach((v, i) => {
      const col = columns[i];
      if (col) values[col] = v;
      else if (v.trim()) add(header[i]?.trim() || `column ${i + 1}`, MSG.vpImportExtraCell);
    });
    const { fields, sizeOrder, problems } = formFields(values, find);
    for (const [column, message] of problems) add(column, message);

    // The form's own checks: its schema, then its rules on every field that parsed.
    const formErrors = fieldErrors();
    const parsed = vendorProductForm.safeParse(fields);
    let fieldsOk: Partial<VendorProductForm>;
    if (parsed.success) fieldsOk = parsed.data;
    else {
      formErrors.addZod(parsed.error);
      fieldsOk = {};
      for (const [k, schema] of Object.entries(vendorProductForm.shape)) {
        const one = schema.safeParse(fields[k]);
        if (one.success) Object.assign(fieldsOk, { [k]: one.data });
      }
    }
    const { description, names } = checkFormRules(fieldsOk, book, formErrors);
    for (const [field, message] of Object.entries(formErrors.errors)) {
      // A stock cell the CSV could not read is reported as such, not again as missing stock.
      if (problems.length && field.startsWith('inventory')) continue;
      add(columnOf(field, sizeOrder), message);
    }

    if (rowErrors.size) {
      for (const [column, message] of rowErrors) errors.push({ row, column, message });
      continue;
    }
    valid++;
    const form = parsed.data!;
    drafts.push({ form, description: description!, searchText: searchTextOf(form, names) });
  }
  const order = (c: string) => {
    const i = (COLUMN_NAMES as readonly string[]).indexOf(c);
    return i < 0 ? COLUMN_NAMES.length : i;
  };
  errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
  return { report: { rows: body.length, valid, errors }, drafts: errors.length ? [] : drafts };
}

/** Writes the drafts in one transaction: all of them or none. Slugs are picked for the whole batch at once. */
async function writeDrafts(ctx: Ctx, vendorId: string, drafts: Draft[]): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(ctx.db, async (tx) => {
        const bases = [...new Set(drafts.map((d) => slugBase(d.form.name)))];
        // Slugs already taken by these names (the base, or the base with a -n tail).
        const res = await tx.execute<{ slug: string }>(sql`select slug from products
          where slug = any(${textArray(bases)}) or regexp_replace(slug, '-[0-9a-z]+$', '') = any(${textArray(bases)})`);
        const taken = new Set(res.rows.map((r) => r.slug));
        const slugs = drafts.map((d) => {
          const slug = pickSlug(slugBase(d.form.name), taken);
          taken.add(slug);
          return slug;
        });
        const ids = await insertProducts(
          tx,
          drafts.map((d, i) => ({ slug: slugs[i]!, form: d.form, description: d.description, images: [], vendorId, searchText: d.searchText, active: false })),
        );
        await insertStock(
          tx,
          drafts.map((d, i) => ({ id: ids[i]!, inv: d.form.inventory, colorImages: [] })),
        );
        return drafts.length;
      });
    } catch (err) {
      // Another product took one of the slugs meanwhile: pick them again.
      if (attempt < 2 && isSlugClash(err)) continue;
      throw err;
    }
  }
}

/**
 * POST vendor/my-products/import: checks the file; a dry run stops there (nothing written). Otherwise the products
 * are written only if every row passed — all or nothing — else 422 with the same report.
 */
export async function importProducts(ctx: Ctx, vendorId: string, bytes: Buffer, dryRun: boolean): Promise<VendorImportReport> {
  const { report, drafts } = await checkImport(ctx, bytes);
  if (dryRun) return report;
  if (report.errors.length) throw new ImportRefused(report);
  const created = await writeDrafts(ctx, vendorId, drafts);
  ctx.catalogueCache.invalidate();
  return { ...report, created };
}

/** 422: the file has problems; nothing was written. Carries the report for the answer's `data`. */
export class ImportRefused extends AppError {
  constructor(readonly report: VendorImportReport) {
    super(422, MSG.vpImportHasErrors);
  }
}
