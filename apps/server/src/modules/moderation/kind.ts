import type { FastifyBaseLogger } from 'fastify';
import type { ModerationDecision, ModerationItem } from '@statewise/contract';
import type { AppContext } from '../../context.ts';
import type { DbOrTx } from '../../db/client.ts';

/**
 * One kind of item in the admin's moderation inbox (ADR 025). A kind is one small file in ./kinds implementing
 * this, and one line in ./registry.ts; the routes, the web inbox, the overview count and the audit trail need
 * nothing more.
 */
export interface ModerationKind {
  /** The kind's key in paths and the audit log: snake_case, stable (`seller_application`, `review_report`). */
  kind: string;
  /** The tab and badge label ("Seller application"). */
  label: string;
  /** What the admin may decide; the registry checks the decision, its note and its fields before decide(). */
  decisions: ModerationDecision[];
  /** Items waiting for a decision. */
  count(db: DbOrTx): Promise<number>;
  /** Items waiting, oldest first (the inbox's order), `limit` from `offset`. */
  list(db: DbOrTx, page: { limit: number; offset: number }): Promise<KindItem[]>;
  /**
   * Carries out a decision on one item: 404 when the item is unknown, 409 when it is no longer waiting. Writes
   * exactly one audit entry (with the note) in the transaction of its change — by reusing the domain's own call
   * where one exists (seller approve/reject, chatbot answer/dismiss).
   */
  decide(ctx: AppContext, log: FastifyBaseLogger, input: DecideInput): Promise<void>;
}

/** An item as a kind lists it; the registry adds the kind, its label and its decisions. */
export type KindItem = Omit<ModerationItem, 'kind' | 'kindLabel' | 'decisions' | 'createdAt' | 'prefill'> & { createdAt: Date; prefill?: Record<string, string> };

export interface DecideInput {
  actorId: string;
  id: string;
  decision: string;
  /** Trimmed; undefined when empty. */
  note: string | undefined;
  /** The decision's fields, checked against its `fields` (required ones present, lengths within bounds). */
  fields: Record<string, string>;
}

/** A decision with no fields. */
export const plain = (decision: string, label: string, tone: ModerationDecision['tone'], noteRequired = false): ModerationDecision => ({ decision, label, tone, noteRequired, fields: [] });

/** Shortens a text for a one-line summary. */
export const clip = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
