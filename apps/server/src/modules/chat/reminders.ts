import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import type { Notifier } from '../../lib/notify.ts';

/** A message unread this long brings its receiver a reminder (issue 13), once per message. */
export const REMIND_AFTER_MS = 10 * 60_000;
/** How often a server process looks for them. */
export const REMIND_EVERY_MS = 60_000;

/**
 * Reminds people of chat messages left unread for 10 minutes: the due messages are claimed (reminded_at set, skipping
 * rows another process holds) and each receiver gets one e-mail for all of theirs, through the notifier (SMTP, or the
 * log in demo mode). Auto-replies do not count. Someone without an e-mail address is not reminded. Returns how many
 * people were told.
 */
export async function remindUnread(db: Db, notifier: Notifier, log?: Pick<FastifyBaseLogger, 'warn'>): Promise<number> {
  const cutoff = new Date(clock.now().getTime() - REMIND_AFTER_MS);
  const due = await db.execute<{ receiver_id: string; n: number; chats: number; email: string | null; firstname: string }>(sql`
    with claimed as (
      update chat_messages set reminded_at = ${clock.now()}
      where id in (
        select id from chat_messages
        where status <> 'read' and reminded_at is null and msg_type <> 'auto' and created_at <= ${cutoff}
        order by created_at limit 1000
        for update skip locked)
      returning receiver_id, chat_id)
    select c.receiver_id, count(*)::int as n, count(distinct c.chat_id)::int as chats, u.email, u.firstname
    from claimed c join users u on u.id = c.receiver_id
    where u.deleted_at is null
    group by c.receiver_id, u.email, u.firstname`);
  let told = 0;
  for (const r of due.rows) {
    if (!r.email) continue;
    const n = Number(r.n);
    try {
      await notifier.send({
        kind: 'chat-unread',
        to: { email: r.email, name: r.firstname },
        subject: `You have ${n} unread message${n === 1 ? '' : 's'} on Statewise`,
        text:
          `Hello ${r.firstname || 'there'},\n\n` +
          `${n} message${n === 1 ? ' is' : 's are'} waiting for you in ${Number(r.chats) === 1 ? 'a chat' : `${r.chats} chats`} on Statewise. ` +
          'Open your chats to read and reply.\n\nStatewise',
      });
      told++;
    } catch (err) {
      log?.warn({ err: (err as Error).message }, 'a chat reminder could not be sent');
    }
  }
  return told;
}
