import { MSG } from '@statewise/contract/messages';
import type { VendorImportReport } from '@statewise/contract/schemas/vendor-products';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt, signInForTest } from '../../../test/render.tsx';
import { VendorImportPage } from './VendorImportPage.tsx';

vi.setConfig({ testTimeout: 30_000 });

type Call = { url: string; file: File | null };
let calls: Call[] = [];

/** The import endpoint answering with `reports` in turn (dry runs), then `created` for the import. */
function server(reports: VendorImportReport[]) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/^\/api\//, '');
      calls.push({ url, file: init?.body instanceof FormData ? (init.body.get('file') as File) : null });
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.endsWith('?dryRun=1')) return json({ success: true, data: reports.shift() });
      return json({ success: true, message: MSG.vpImported, data: { rows: 2, valid: 2, errors: [], created: 2 } }, 201);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const csvFile = (name = 'products.csv') => new File(['name,price\nKurta,100\n'], name, { type: 'text/csv' });

describe('vendor import screen', () => {
  it('shows problems by row and column, keeps Import off until a clean check, then links to the drafts', async () => {
    signInForTest('vendor');
    server([
      { rows: 2, valid: 1, errors: [{ row: 3, column: 'price', message: MSG.vpPriceRequired }] },
      { rows: 2, valid: 2, errors: [] },
    ]);
    const user = userEvent.setup();
    renderAt(<VendorImportPage />, { url: '/vendor/products/import' });
    const importButton = () => screen.getByRole('button', { name: /^Import/ });
    expect((screen.getByRole('button', { name: 'Check file' }) as HTMLButtonElement).disabled).toBe(true);

    await user.upload(screen.getByLabelText('CSV file (up to 2 MB)'), csvFile());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    const table = await screen.findByRole('table', { name: 'Problems by row and column' });
    const cells = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(['3', 'price', MSG.vpPriceRequired]);
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
    expect(calls[0]!.url).toBe('vendor/my-products/import?dryRun=1');
    expect(calls[0]!.file?.name).toBe('products.csv');

    await user.upload(screen.getByLabelText('CSV file (up to 2 MB)'), csvFile('fixed.csv'));
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('2 products checked: all ready to import.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Import 2 products' }));
    expect(await screen.findByText(/2 products imported as drafts/)).toBeTruthy();
    expect(calls.at(-1)!.url).toBe('vendor/my-products/import');
    expect(screen.getByRole('link', { name: 'See your drafts' }).getAttribute('href')).toBe('/vendor/products?status=unpublished');
  });

  it('refuses a file over 2 MB before sending it', async () => {
    signInForTest('vendor');
    server([]);
    const user = userEvent.setup();
    renderAt(<VendorImportPage />, { url: '/vendor/products/import' });
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('CSV file (up to 2 MB)'), big);
    expect(await screen.findByText(MSG.vpImportTooLarge)).toBeTruthy();
  });
});
