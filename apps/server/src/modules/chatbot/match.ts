import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface FaqMatch {
  id: string;
  question: string;
  answer: string;
  /** Full-text rank of the question's words in the entry (0–1; the entry's question weighs more than its keywords). */
  textRank: number;
  /** Trigram likeness of the wording (0–1): catches typos and word forms the dictionary does not stem. */
  trigram: number;
  score: number;
}

/**
 * How sure an answer must be (issue 13: by meaning, not exact words, with a threshold). Tuned on the FAQ's own
 * questions asked in other words and on unrelated questions (chatbot.test.ts): below it Digi says it will ask
 * the admin rather than answer the wrong question.
 */
export const ANSWER_THRESHOLD = 0.35;
/** Between this and ANSWER_THRESHOLD Digi offers its three closest questions ("Did you mean…") instead. */
export const SUGGEST_THRESHOLD = 0.25;
/**
 * How far ahead of the next entry the best must be to be answered outright: scores of near neighbours ("what does it
 * cost to sell" and "how do I become a seller") are close, and a near tie is a question to offer, not to answer
 * (held-out.test.ts: the right entry in the top three for ≥ 90 % of phrasings, confidently wrong for ≤ 5 %).
 */
export const ANSWER_MARGIN = 0.08;

/** Whether the best of `ranked` (best first) is sure enough to be answered without asking back. */
export const isConfident = (ranked: readonly FaqMatch[]): boolean =>
  !!ranked[0] && ranked[0].score >= ANSWER_THRESHOLD && ranked[0].score - (ranked[1]?.score ?? 0) >= ANSWER_MARGIN;

/**
 * The FAQ entry that best answers `question`. Any word of the question may match (its words are OR-ed, so one
 * strong word like "refund" finds its entry even among filler words); full-text ranking (English stemming:
 * "returning" finds "return") is combined with trigram similarity (a misspelt "delivary" still finds
 * "delivery"). The FAQ is small (tens of entries), so a scan is fine; no index is needed.
 */
export async function bestFaqMatch(db: DbOrTx, question: string): Promise<FaqMatch | null> {
  return (await rankFaq(db, question, 1))[0] ?? null;
}

/** The `limit` FAQ entries closest to `question`, best first (see bestFaqMatch). */
export async function rankFaq(db: DbOrTx, question: string, limit: number): Promise<FaqMatch[]> {
  const res = await db.execute<{ id: string; question: string; answer: string; text_rank: number; trigram: number }>(sql`
    with input as (
      select lower(${question}) as q,
        -- the lexemes are stemmed already: 'simple' keeps them as they are (english would stem them twice)
        (select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) from unnest(to_tsvector('english', ${question}))) as tsq
    )
    select f.id, f.question, f.answer,
      coalesce(ts_rank_cd(setweight(to_tsvector('english', f.question), 'A') || setweight(to_tsvector('english', f.keywords), 'B'), i.tsq, 32), 0)::float8 as text_rank,
      greatest(similarity(lower(f.question), i.q), word_similarity(i.q, lower(f.question || ' ' || f.keywords)))::float8 as trigram
    from faq_entries f cross join input i
    where not f.hidden`);
  return res.rows
    .map((r) => {
      const textRank = Number(r.text_rank);
      const trigram = Number(r.trigram);
      return { id: r.id, question: r.question, answer: r.answer, textRank, trigram, score: 0.6 * Math.min(1, textRank * 2.5) + 0.4 * trigram };
    })
    .sort((a, b) => b.score - a.score)
    .slice(0, limit);
}
