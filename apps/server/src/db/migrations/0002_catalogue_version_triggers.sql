-- Every write to a catalogue table bumps one version number; the catalogue read cache keys on it,
-- so a change made by any process (seed, vendor console, an order taking stock) is seen by all.
INSERT INTO catalogue_version (id, version) VALUES (1, 1) ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['vendors','categories','subcategories','styles','states','festive_offers','products',
    'product_sizes','product_colors','product_festive_offers','banners','crazy_deals','subcategory_cards','vendor_section']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', t || '_bump_catalogue_version', t);
  END LOOP;
END;
$$;
--> statement-breakpoint
-- Vendor cards show the vendor's name; other account writes (sign-ups, logins) leave the catalogue alone.
CREATE TRIGGER users_bump_catalogue_version AFTER UPDATE OF firstname, lastname, role ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
