-- The vocabulary of search (search_words) follows the products' search text: every insert, and every update
-- that changes search_text, adds the new words (letters only, 3 to 40 long, lowercase, as the 'simple' parser
-- splits them). Words are never removed: a stale word only ever corrects a typo to a word that finds nothing.
CREATE OR REPLACE FUNCTION collect_search_words_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme
  FROM new_products n, unnest(to_tsvector('simple', n.search_text)) w
  WHERE length(w.lexeme) BETWEEN 3 AND 40 AND w.lexeme ~ '^[[:alpha:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION collect_search_words_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
  SELECT DISTINCT w.lexeme
  FROM new_products n
  JOIN old_products o ON o.id = n.id AND o.search_text IS DISTINCT FROM n.search_text,
  unnest(to_tsvector('simple', n.search_text)) w
  WHERE length(w.lexeme) BETWEEN 3 AND 40 AND w.lexeme ~ '^[[:alpha:]]+$'
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words_inserted();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION collect_search_words_updated();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w.lexeme
FROM products p, unnest(to_tsvector('simple', p.search_text)) w
WHERE length(w.lexeme) BETWEEN 3 AND 40 AND w.lexeme ~ '^[[:alpha:]]+$'
ON CONFLICT DO NOTHING;
