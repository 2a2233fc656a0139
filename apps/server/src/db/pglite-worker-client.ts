import { Worker } from 'node:worker_threads';
import type { PGliteInterface, QueryOptions, Results, Transaction } from '@electric-sql/pglite';

/**
 * The embedded database (PGlite) in a worker thread, answering like a PGlite instance for what Drizzle uses
 * (query, exec, transaction, close).
 *
 * Why: PGlite runs Postgres compiled to WebAssembly, synchronously. In the server's own thread every query holds
 * the event loop, so while one listing count runs (100 ms on 100,000 products) no other request — not even a
 * cached one — is answered, and one order a second was enough to push catalogue p99 past 150 ms
 * (bench/catalogue.bench.ts, ADR 002). In a worker the queries run on the other core and the server keeps
 * answering. PGlite still runs one statement at a time; its own lock orders plain queries after an open
 * transaction, as in-process.
 *
 * Rows cross the thread boundary by structured clone. Parsers (functions) cannot: the worker leaves the values
 * of the types the caller has parsers for as text, and this side applies the caller's parsers.
 */

interface Pending {
  resolve: (value: unknown) => void;
  reject: (err: Error) => void;
}

type ErrorData = { message: string; name?: string; stack?: string } & Record<string, unknown>;
type Reply = { id: number; result?: unknown; error?: ErrorData };
type RawResults = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };

const workerUrl = new URL('./pglite-worker.mjs', import.meta.url);

/** A database error from the worker, with its code, detail, constraint… as PGlite's DatabaseError has them. */
function toError(data: ErrorData): Error {
  const err = new Error(data.message);
  Object.assign(err, data);
  if (data.stack) err.stack = `${data.stack}\n    (in the PGlite worker)`;
  return err;
}

export class PGliteWorkerClient {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  closed = false;

  private constructor(worker: Worker) {
    this.worker = worker;
    worker.on('message', (m: Reply) => {
      const p = this.pending.get(m.id);
      if (!p) return;
      this.pending.delete(m.id);
      if (m.error) p.reject(toError(m.error));
      else p.resolve(m.result);
    });
    const fail = (err: Error) => {
      this.failure = err;
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    };
    worker.on('error', (err) => fail(err));
    worker.on('exit', (code) => {
      if (!this.closed) fail(new Error(`The database worker stopped (exit code ${code})`));
    });
  }

  /** Starts the worker and opens the database in `dataDir`. */
  static async open(dataDir: string): Promise<PGliteWorkerClient> {
    const worker = new Worker(workerUrl, { workerData: { dataDir } });
    await new Promise<void>((resolve, reject) => {
      const onMessage = (m: { ready?: boolean; error?: ErrorData }) => {
        if (m.ready === undefined) return;
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (m.ready) resolve();
        else {
          void worker.terminate();
          reject(toError(m.error ?? { message: 'The embedded database did not open' }));
        }
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
    return new PGliteWorkerClient(worker);
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error('The database is closed'));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.worker.postMessage({ ...message, id });
    });
  }

  private async run<T>(op: 'query', sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, txId?: number): Promise<Results<T>>;
  private async run<T>(op: 'exec', sql: string, params: undefined, options: QueryOptions | undefined, txId?: number): Promise<Results<T>[]>;
  private async run<T>(op: 'query' | 'exec', sql: string, params: unknown[] | undefined, options: QueryOptions | undefined, txId?: number) {
    if (options?.blob || options?.serializers || options?.paramTypes || options?.onNotice) {
      throw new Error('The PGlite worker client does not pass blob, serializers, paramTypes or onNotice');
    }
    const parsers = options?.parsers ?? {};
    const message = { op, sql, params, rowMode: options?.rowMode, rawOids: Object.keys(parsers).map(Number), txId };
    const parse = (r: RawResults) => applyParsers(r, parsers, options?.rowMode ?? 'object') as unknown as Results<T>;
    if (op === 'query') return parse(await this.call<RawResults>(message));
    return (await this.call<RawResults[]>(message)).map(parse);
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.run<T>('query', sql, params, options);
  }

  exec(sql: string, options?: QueryOptions): Promise<Results[]> {
    return this.run('exec', sql, undefined, options);
  }

  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const txId = await this.call<number>({ op: 'begin' });
    let open = true;
    const inTx = <R>(f: () => Promise<R>) => {
      if (!open) return Promise.reject(new Error('The transaction has already ended'));
      return f();
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => inTx(() => this.run<R>('query', sql, params, options, txId)),
      exec: (sql: string, options?: QueryOptions) => inTx(() => this.run('exec', sql, undefined, options, txId)),
      rollback: async () => {
        // PGlite's tx.rollback() ends the transaction; the callback's outcome no longer matters.
        if (!open) return;
        open = false;
        await this.call({ op: 'end', txId, commit: false });
      },
      get closed() {
        return !open;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (open) {
        open = false;
        await this.call({ op: 'end', txId, commit: false }).catch(() => {});
      }
      throw err;
    }
    if (open) {
      open = false;
      await this.call({ op: 'end', txId, commit: true });
    }
    return result;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.call({ op: 'close' });
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}

/** Applies the caller's parsers to the columns of their types (the worker left them as text). */
function applyParsers(r: RawResults, parsers: NonNullable<QueryOptions['parsers']>, rowMode: 'object' | 'array'): RawResults {
  const columns = r.fields.flatMap((f, i) => {
    const parse = parsers[f.dataTypeID];
    return parse ? [{ i, name: f.name, parse }] : [];
  });
  if (columns.length === 0) return r;
  for (const row of r.rows as (Record<string, unknown> | unknown[])[]) {
    for (const c of columns) {
      if (rowMode === 'array') {
        const a = row as unknown[];
        if (a[c.i] !== null) a[c.i] = c.parse(a[c.i] as string);
      } else {
        const o = row as Record<string, unknown>;
        if (o[c.name] !== null) o[c.name] = c.parse(o[c.name] as string);
      }
    }
  }
  return r;
}

/** What Drizzle's PGlite driver is given (it uses query, exec and transaction). */
export type PGliteLike = Pick<PGliteInterface, 'query' | 'exec' | 'transaction' | 'close'>;
