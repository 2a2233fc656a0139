-- Trigram matching for typo-tolerant suggestions (PGlite ships pg_trgm; on a server it is a trusted extension).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
