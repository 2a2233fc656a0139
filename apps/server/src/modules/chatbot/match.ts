import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

export interface FaqMatch {
  id: string;
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

/**
 * The FAQ entry that best answers `question`. Any word of the question may match (its words are OR-ed, so one
 * strong word like "refund" finds its entry even among filler words); full-text ranking (English stemming:
 * "returning" finds "return") is combined with trigram similarity (a misspelt "delivary" still finds
 * "delivery"). The FAQ is small (tens of entries), so a scan is fine; no index is needed.
 */
export async function bestFaqMatch(db: DbOrTx, question: string): Promise<FaqMatch | null> {
  const res = await db.execute<{ id: string; answer: string; text_rank: number; trigram: number }>(sql`
    with input as (
      select lower(${question}) as q,
        -- the lexemes are stemmed already: 'simple' keeps them as they are (english would stem them twice)
        (select to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) from unnest(to_tsvector('english', ${question}))) as tsq
    )
    select f.id, f.answer,
      coalesce(ts_rank_cd(setweight(to_tsvector('english', f.question), 'A') || setweight(to_tsvector('english', f.keywords), 'B'), i.tsq, 32), 0)::float8 as text_rank,
      greatest(similarity(lower(f.question), i.q), word_similarity(i.q, lower(f.question || ' ' || f.keywords)))::float8 as trigram
    from faq_entries f cross join input i
    where not f.hidden`);
  let best: FaqMatch | null = null;
  for (const r of res.rows) {
    const textRank = Number(r.text_rank);
    const trigram = Number(r.trigram);
    const score = 0.6 * Math.min(1, textRank * 2.5) + 0.4 * trigram;
    if (!best || score > best.score) best = { id: r.id, answer: r.answer, textRank, trigram, score };
  }
  return best;
}
