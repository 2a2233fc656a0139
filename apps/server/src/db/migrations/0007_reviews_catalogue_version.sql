-- Product detail shows a product's average rating and review count, and product detail is served from the
-- catalogue read cache; so a review written, changed or removed bumps the catalogue version like any other
-- catalogue write (reviews are rare next to reads).
CREATE TRIGGER reviews_bump_catalogue_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version();
