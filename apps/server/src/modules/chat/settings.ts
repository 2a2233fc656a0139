import { eq } from 'drizzle-orm';
import { CHAT_MSG, type ChatSettings } from '@statewise/contract';
import type { DbOrTx } from '../../db/client.ts';
import { chatVendorSettings } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';

/** A vendor's chat settings (auto-reply text, working hours in India time); see db/schema/chat.ts. */

const toHHMM = (m: number | null) => (m === null ? null : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
const toMinutes = (s: string | null) => (s === null ? null : Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5)));

export async function getChatSettings(db: DbOrTx, vendorId: string): Promise<ChatSettings> {
  const [row] = await db.select().from(chatVendorSettings).where(eq(chatVendorSettings.vendorId, vendorId)).limit(1);
  return { autoReply: row?.autoReply ?? '', opensAt: toHHMM(row?.opensAt ?? null), closesAt: toHHMM(row?.closesAt ?? null), defaultAutoReply: CHAT_MSG.autoReply };
}

export async function saveChatSettings(db: DbOrTx, vendorId: string, input: { autoReply: string; opensAt: string | null; closesAt: string | null }): Promise<ChatSettings> {
  const values = { autoReply: input.autoReply, opensAt: toMinutes(input.opensAt), closesAt: toMinutes(input.closesAt), updatedAt: clock.now() };
  await db
    .insert(chatVendorSettings)
    .values({ vendorId, ...values })
    .onConflictDoUpdate({ target: chatVendorSettings.vendorId, set: values });
  return getChatSettings(db, vendorId);
}

/** India time (UTC+5:30, no daylight saving) as minutes of the day. */
export function indiaMinutes(at: Date): number {
  return Math.floor((at.getTime() / 60_000 + 330) % 1440);
}

/** Whether `at` falls outside the working hours (a window may run past midnight: 22:00–06:00). */
export function outsideHours(s: { opensAt: number | null; closesAt: number | null }, at: Date): boolean {
  if (s.opensAt === null || s.closesAt === null) return false;
  const m = indiaMinutes(at);
  const open = s.opensAt < s.closesAt ? m >= s.opensAt && m < s.closesAt : m >= s.opensAt || m < s.closesAt;
  return !open;
}

/** What the auto-reply needs to know of a vendor: its text, and whether it is outside its hours now. */
export async function autoReplyRule(db: DbOrTx, vendorId: string): Promise<{ text: string; outsideHours: boolean }> {
  const [row] = await db.select().from(chatVendorSettings).where(eq(chatVendorSettings.vendorId, vendorId)).limit(1);
  return autoReplyRuleOf(row ?? null);
}

/** The rule from settings already read (the message writer brings them with the stored message). */
export function autoReplyRuleOf(row: { autoReply: string; opensAt: number | null; closesAt: number | null } | null): { text: string; outsideHours: boolean } {
  return { text: row?.autoReply || CHAT_MSG.autoReply, outsideHours: row ? outsideHours(row, clock.now()) : false };
}
