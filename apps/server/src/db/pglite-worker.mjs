// The embedded database in a worker thread (see pglite-worker-client.ts). Plain JavaScript so it loads the same
// way under node, tsx and vitest. Messages in: { id, op, ... }; out: { id, result } or { id, error }.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** Parsers that keep the text as it came: the client applies the caller's own parsers for these types. */
const rawParsers = (oids) => Object.fromEntries((oids ?? []).map((oid) => [oid, (value) => value]));
const queryOptions = (m) => ({ ...(m.rowMode ? { rowMode: m.rowMode } : {}), parsers: rawParsers(m.rawOids) });

/** A thrown database error as plain data (its code, detail, constraint… matter to callers). */
function errorData(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const data = { message: err.message, name: err.name, stack: err.stack };
  for (const [k, v] of Object.entries(err)) if (v === undefined || ['string', 'number', 'boolean'].includes(typeof v)) data[k] = v;
  return data;
}

const send = (id, body) => parentPort.postMessage({ id, ...body });

let db;
/** Open transactions: id → { tx, finish(commit), outcome }. */
const transactions = new Map();

function begin(id) {
  let finish;
  const ended = new Promise((resolve, reject) => {
    finish = (commit) => (commit ? resolve() : reject(Object.assign(new Error('rolled back'), { rolledBack: true })));
  });
  let opened = false;
  // PGlite runs the callback after BEGIN, always later than the assignment of `outcome` below.
  const done = db.transaction(async (tx) => {
    opened = true;
    transactions.set(id, { tx, finish, outcome });
    send(id, { result: id });
    await ended; // `end` settles it: resolved commits, rejected rolls back
  });
  const outcome = done.then(
    () => ({ ok: true }),
    (err) => ({ ok: false, err }),
  );
  void outcome.then((o) => {
    if (!opened) send(id, { error: errorData(o.ok ? new Error('The transaction did not start') : o.err) });
  });
}

async function end(id, txId, commit) {
  const t = transactions.get(txId);
  if (!t) return send(id, { error: { message: 'No such transaction (already ended)' } });
  transactions.delete(txId);
  t.finish(commit);
  const outcome = await t.outcome;
  if (outcome.ok || (!commit && outcome.err?.rolledBack)) send(id, { result: null });
  else send(id, { error: errorData(outcome.err) });
}

const target = (m) => {
  if (m.txId === undefined) return db;
  const t = transactions.get(m.txId);
  if (!t) throw new Error('The transaction has already ended');
  return t.tx;
};

parentPort.on('message', async (m) => {
  try {
    switch (m.op) {
      case 'query': {
        const res = await target(m).query(m.sql, m.params, queryOptions(m));
        return send(m.id, { result: { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows } });
      }
      case 'exec': {
        const res = await target(m).exec(m.sql, queryOptions(m));
        return send(m.id, { result: res.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })) });
      }
      case 'begin':
        return begin(m.id);
      case 'end':
        return await end(m.id, m.txId, m.commit);
      case 'close':
        await db.close();
        return send(m.id, { result: null });
      default:
        return send(m.id, { error: { message: `Unknown operation ${m.op}` } });
    }
  } catch (err) {
    send(m.id, { error: errorData(err) });
  }
});

try {
  db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { pg_trgm } });
  parentPort.postMessage({ ready: true });
} catch (err) {
  parentPort.postMessage({ ready: false, error: errorData(err) });
}
