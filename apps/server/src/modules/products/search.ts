import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';

/**
 * Free-text search over products:
 * 1. Full-text search on products.search_vector (english config: the name weighted above the rest of
 *    search_text; GIN index products_search): every word required, the last one as a prefix so "banarasi sar"
 *    already finds sarees; ranked by ts_rank.
 * 2. When that finds nothing (a typo: "banarsi sare"), each word is widened to its nearest words in the search
 *    vocabulary (search_words, trigram similarity with pg_trgm) and the full-text search runs again.
 * Both steps use indexes, so a search costs a few milliseconds at 100,000 products.
 */

/** Trigram similarity a vocabulary word needs to stand in for a typed word ("lehnga" → lehenga is 0.5). */
export const TYPO_SIMILARITY = 0.4;
/** How many vocabulary words may stand in for one typed word. */
const CORRECTIONS_PER_WORD = 3;
const MAX_WORDS = 8;

export interface SearchTerms {
  /** The trimmed text, lowercase. */
  text: string;
  /** Lowercase words of letters and digits (any script), at most 8. */
  words: string[];
  /** A to_tsquery string: the words joined with &, the last as a prefix. Only letters and digits, so safe. */
  tsquery: string;
}

/** Words are letters and digits only, so nothing the user types can break the to_tsquery syntax. */
const WORD = /^[\p{L}\p{N}]+$/u;

export function searchTerms(text: string): SearchTerms | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
  if (words.length === 0) return null;
  const tsquery = words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
  return { text: text.trim().toLowerCase(), words, tsquery };
}

/** Full-text match of a to_tsquery string (alias `p`). */
export function fullTextMatch(tsquery: string): SQL {
  return sql`p.search_vector @@ to_tsquery('english', ${tsquery})`;
}

export function fullTextRank(tsquery: string): SQL {
  return sql`ts_rank(p.search_vector, to_tsquery('english', ${tsquery}))`;
}

/**
 * The typo-tolerant query: each word (as a prefix) or any of its nearest vocabulary words, all words required.
 * One query for all the words. Null when no word has a near neighbour, so nothing can match.
 */
export async function correctedTsquery(db: DbOrTx, t: SearchTerms): Promise<string | null> {
  const typed = t.words.filter((w) => w.length >= 3);
  const near = new Map<string, string[]>();
  if (typed.length) {
    const res = await db.execute<{ w: string; word: string }>(sql`select q.w, s.word
      from unnest(array[${sql.join(
        typed.map((w) => sql`${w}`),
        sql`, `,
      )}]::text[]) as q(w)
      cross join lateral (
        select word from search_words
        where word % q.w and similarity(word, q.w) >= ${TYPO_SIMILARITY}
        order by word <-> q.w, word limit ${CORRECTIONS_PER_WORD}
      ) s`);
    for (const { w, word } of res.rows) {
      if (!WORD.test(word)) continue;
      near.set(w, [...(near.get(w) ?? []), word]);
    }
  }
  if (near.size === 0) return null;
  return t.words.map((w) => `(${[`${w}:*`, ...(near.get(w) ?? [])].join(' | ')})`).join(' & ');
}

/** Escapes LIKE wildcards in user text. */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
