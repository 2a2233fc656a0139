import { and, desc, eq, sql } from 'drizzle-orm';
import { MSG, type ChatbotReply } from '@statewise/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { chatbotQuestions } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { saveFaqEntry } from '../content/service.ts';
import { isConfident, rankFaq, SUGGEST_THRESHOLD } from './match.ts';

/** One row per wording: "Where is my ORDER ?" and "where is my order?" are the same question to the admin. */
export const normalizeQuestion = (q: string) =>
  q
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * Digi's answer (accounts §4.12, §7 Chatbot) in three bands: the best FAQ entry when it is sure; the three closest
 * questions when it is not sure but some are close (the shopper picks one; nothing is kept for the admin, as one of
 * them may well be it); otherwise the spec's fallback, and the question is kept (counted when asked again) for the
 * admin to answer.
 */
export async function answerQuestion(db: DbOrTx, question: string): Promise<ChatbotReply> {
  const ranked = await rankFaq(db, question, 3);
  const best = ranked[0];
  if (best && isConfident(ranked)) return { answer: best.answer, answered: true, faqId: best.id, suggestions: [] };
  if (best && best.score >= SUGGEST_THRESHOLD) {
    const suggestions = ranked.filter((m) => m.score >= SUGGEST_THRESHOLD).map((m) => ({ faqId: m.id, question: m.question }));
    return { answer: MSG.chatbotDidYouMean, answered: false, faqId: null, suggestions };
  }
  const normalized = normalizeQuestion(question) || question.trim().toLowerCase();
  await db
    .insert(chatbotQuestions)
    .values({ question, normalized })
    .onConflictDoUpdate({
      target: chatbotQuestions.normalized,
      // asked again after the admin dismissed it: back in the inbox
      set: { timesAsked: sql`${chatbotQuestions.timesAsked} + 1`, lastAskedAt: sql`now()`, status: sql`case when ${chatbotQuestions.status} = 'dismissed' then 'open' else ${chatbotQuestions.status} end` },
    });
  return { answer: MSG.chatbotNoAnswer, answered: false, faqId: null, suggestions: [] };
}

export async function listChatbotQuestions(db: DbOrTx, status: 'open' | 'answered' | 'dismissed', limit = 100) {
  return db.select().from(chatbotQuestions).where(eq(chatbotQuestions.status, status)).orderBy(desc(chatbotQuestions.timesAsked), desc(chatbotQuestions.lastAskedAt)).limit(limit);
}

type Decision = { decision: 'answer'; question: string; answer: string; keywords?: string } | { decision: 'dismiss' };

/** The admin answers an open question (a new FAQ entry Digi answers from at once) or dismisses it; recorded (with the moderation inbox's note). */
export async function decideChatbotQuestion(db: Db, actorId: string, id: string, decision: Decision, note?: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(chatbotQuestions).where(eq(chatbotQuestions.id, id)).for('update');
    if (!row) throw notFound(MSG.notFound);
    if (row.status !== 'open') throw conflict('This question has already been decided');
    let faqEntryId: string | null = null;
    if (decision.decision === 'answer') {
      const entry = await saveFaqEntry(tx, actorId, null, { question: decision.question, answer: decision.answer, keywords: decision.keywords ?? row.normalized });
      faqEntryId = entry.id;
    }
    const [updated] = await tx
      .update(chatbotQuestions)
      .set({ status: decision.decision === 'answer' ? 'answered' : 'dismissed', faqEntryId, decidedAt: new Date(), decidedBy: actorId })
      .where(and(eq(chatbotQuestions.id, id), eq(chatbotQuestions.status, 'open')))
      .returning();
    await recordAudit(tx, { actorId, action: decision.decision, entity: 'chatbot_question', entityId: id, detail: { question: row.question, faqEntryId, ...(note ? { note } : {}) } });
    return updated!;
  });
}
