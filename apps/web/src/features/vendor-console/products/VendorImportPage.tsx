import { MSG } from '@statewise/contract/messages';
import { VENDOR_IMPORT_COLUMNS, VENDOR_IMPORT_LIMITS, type VendorImportReport } from '@statewise/contract/schemas/vendor-products';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { usePageTitle } from '../../../lib/page-head.tsx';
import { Button, FormError } from '../../auth/ui.tsx';
import { downloadImportTemplate, useImportProducts } from './api.ts';

const plural = (n: number, one: string) => `${n.toLocaleString('en-IN')} ${one}${n === 1 ? '' : 's'}`;

/**
 * /vendor/products/import: bulk catalogue import (issue 10). Download the template, choose the filled CSV, "Check
 * file" (a dry run: every problem by row and column, with the add form's messages), then "Import N products" —
 * offered only once the same file checked clean. Products arrive as drafts without pictures (ADR 018).
 */
export function VendorImportPage() {
  usePageTitle('Import products');
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<VendorImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<number | null>(null);
  const [downloading, setDownloading] = useState(false);
  // A new input after an import, so it no longer shows the imported file's name.
  const [inputKey, setInputKey] = useState(0);
  const run = useImportProducts();

  const choose = (f: File | null) => {
    setFile(f);
    setReport(null);
    setCreated(null);
    setError(f && f.size > VENDOR_IMPORT_LIMITS.bytes ? MSG.vpImportTooLarge : null);
  };

  const send = (dryRun: boolean) => {
    if (!file) {
      setError(MSG.vpImportFileRequired);
      return;
    }
    setError(null);
    run.mutate(
      { file, dryRun },
      {
        onSuccess: (res) => {
          if (dryRun) setReport(res.data);
          else {
            setReport(null);
            setCreated(res.data.created ?? 0);
            setFile(null);
            setInputKey((k) => k + 1);
          }
        },
        onError: (err) => {
          // A 422 carries the report: the rows at fault are shown as after a check.
          if (err instanceof ApiError && err.data && typeof err.data === 'object' && 'errors' in err.data) setReport(err.data as VendorImportReport);
          else setReport(null);
          setError(err.message);
        },
      },
    );
  };

  const clean = report !== null && report.errors.length === 0 && report.valid > 0;

  return (
    <section className="max-w-3xl">
      <p className="text-sm">
        <Link to="/vendor/products" className="font-medium text-brand-700 hover:underline">
          ← Your products
        </Link>
      </p>
      <h1 className="mt-1 font-display text-2xl text-brand-800 md:text-3xl">Import products</h1>
      <p className="mt-2 text-sm text-ink-700">
        Add up to {VENDOR_IMPORT_LIMITS.rows.toLocaleString('en-IN')} products at once from a spreadsheet. Products are imported as <strong>drafts without pictures</strong>: add
        their pictures in each product’s edit form, then publish them.
      </p>

      <ol className="mt-5 space-y-5">
        <li className="rounded-2xl border border-brand-100 bg-white p-4">
          <h2 className="font-semibold text-ink-900">1. Fill in the template</h2>
          <p className="mt-1 text-sm text-ink-700">One product a row. Save it as CSV (in Excel: Save As → CSV UTF-8; in Google Sheets: File → Download → CSV).</p>
          <button
            type="button"
            disabled={downloading}
            onClick={() => {
              setDownloading(true);
              downloadImportTemplate()
                .catch((err: Error) => setError(err.message))
                .finally(() => setDownloading(false));
            }}
            className="mt-3 inline-flex min-h-11 items-center rounded-full border border-brand-700 px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-50"
          >
            Download template
          </button>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-brand-700">What goes in each column</summary>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {VENDOR_IMPORT_COLUMNS.map((c) => (
                <div key={c.name} className="contents">
                  <dt className="font-mono text-xs leading-5 text-ink-900">
                    {c.name}
                    {c.required ? '*' : ''}
                  </dt>
                  <dd className="text-ink-700">{c.hint}</dd>
                </div>
              ))}
            </dl>
          </details>
        </li>

        <li className="rounded-2xl border border-brand-100 bg-white p-4">
          <h2 className="font-semibold text-ink-900">2. Check your file</h2>
          <label htmlFor={fileId} className="mt-2 block text-sm font-medium text-ink-900">
            CSV file (up to 2 MB)
          </label>
          <input
            key={inputKey}
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            className="mt-1 block w-full text-sm file:mr-3 file:h-10 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:font-semibold file:text-brand-800"
          />
          <div className="mt-3">
            <FormError message={error} />
            <Button type="button" variant="outline" className="w-full sm:w-auto" pending={run.isPending && run.variables?.dryRun} disabled={!file || run.isPending} onClick={() => send(true)}>
              Check file
            </Button>
          </div>
          {report && created === null ? <ReportView report={report} /> : null}
        </li>

        <li className="rounded-2xl border border-brand-100 bg-white p-4">
          <h2 className="font-semibold text-ink-900">3. Import</h2>
          <p className="mt-1 text-sm text-ink-700">All rows are imported together, or none if any row has a problem.</p>
          <div className="mt-3">
            <Button type="button" className="w-full sm:w-auto" pending={run.isPending && run.variables?.dryRun === false} disabled={!clean || !file || run.isPending} onClick={() => send(false)}>
              {clean ? `Import ${plural(report.valid, 'product')}` : 'Import products'}
            </Button>
          </div>
          {created !== null ? (
            <div role="status" className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
              {plural(created, 'product')} imported as drafts. Add their pictures, then publish them.{' '}
              <Link to="/vendor/products?status=unpublished" className="font-semibold underline">
                See your drafts
              </Link>
            </div>
          ) : null}
        </li>
      </ol>
    </section>
  );
}

/** The check's outcome: a summary, then each problem by row and column (a table that wraps on a phone). */
function ReportView({ report }: { report: VendorImportReport }) {
  if (!report.errors.length) {
    return (
      <p role="status" className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        {plural(report.rows, 'product')} checked: all ready to import.
      </p>
    );
  }
  const badRows = new Set(report.errors.map((e) => e.row)).size;
  return (
    <div className="mt-3">
      <p role="status" className="text-sm text-ink-900">
        {plural(report.rows, 'product')} checked: <strong className="text-red-800">{plural(report.errors.length, 'problem')}</strong> in {plural(badRows, 'row')}. Correct
        them in your sheet, save it again and check the file.
      </p>
      <div className="mt-2 max-h-[28rem] overflow-auto rounded-lg border border-red-100">
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Problems by row and column</caption>
          <thead className="sticky top-0 bg-red-50 text-xs text-red-900 uppercase">
            <tr>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                Row
              </th>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                Column
              </th>
              <th scope="col" className="px-2 py-1.5 font-semibold">
                Problem
              </th>
            </tr>
          </thead>
          <tbody>
            {report.errors.map((e, i) => (
              <tr key={`${e.row}-${e.column}-${i}`} className="border-t border-red-100 align-top">
                <td className="px-2 py-1.5 tabular-nums">{e.row}</td>
                <td className="px-2 py-1.5 font-mono text-xs leading-5 break-words">{e.column || '—'}</td>
                <td className="px-2 py-1.5 text-ink-900">{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
