-- The admin console (issue 11) blocks and unblocks accounts: a blocked account's sessions are revoked and it cannot
-- log in again until unblocked. Who did it and when is in the audit log; the reason is kept here for the account's page.
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_reason" text;
--> statement-breakpoint
-- The admin searches accounts by any part of a name, mobile or e-mail (ILIKE '%…%'), which a trigram index serves.
CREATE INDEX "users_search_trgm" ON "users" USING gin ((lower("firstname" || ' ' || "lastname" || ' ' || coalesce("email", '') || ' ' || coalesce("mobile", ''))) gin_trgm_ops);
