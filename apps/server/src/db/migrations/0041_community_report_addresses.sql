-- Reports weigh by the reporter's standing (ADR 047), and reports of one thing sent from one network address count
-- once: each report keeps a keyed hash of the address it came from (never the address itself). Older reports have
-- none and count one by one, as before.
ALTER TABLE "community_reports" ADD COLUMN "ip_hash" text;
