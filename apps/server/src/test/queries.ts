import type { Db } from '../db/client.ts';

/**
 * Background workers of the test app (the notification outbox, the video queue, sweepers) query on their own
 * timers; a count of a request's queries leaves theirs out, or it would change with when the timers fire.
 */
const BACKGROUND = /"?(notification_outbox|video_jobs)"?/;

/**
 * The SQL of every query `run` sends through drizzle (builders and raw SQL alike pass the session's prepareQuery),
 * without the background workers'. For "a list makes a fixed number of queries" tests.
 */
export async function queriesDuring(db: Db, run: () => Promise<unknown>): Promise<string[]> {
  const session = (db as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
  const prepare = session.prepareQuery;
  const seen: string[] = [];
  session.prepareQuery = function (this: unknown, ...args: unknown[]) {
    seen.push(String((args[0] as { sql: string }).sql));
    return prepare.apply(this, args);
  };
  try {
    await run();
  } finally {
    session.prepareQuery = prepare;
  }
  return seen.filter((q) => !BACKGROUND.test(q));
}
