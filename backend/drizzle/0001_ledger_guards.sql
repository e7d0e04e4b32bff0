-- The stock ledger is append-only: rows can be inserted, never changed or deleted.
CREATE OR REPLACE FUNCTION stock_transactions_immutable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'stock_transactions rows are immutable' USING ERRCODE = 'P0001';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER stock_transactions_no_update_delete
  BEFORE UPDATE OR DELETE ON stock_transactions
  FOR EACH ROW EXECUTE FUNCTION stock_transactions_immutable();
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX stock_transactions_grn_trgm_idx ON stock_transactions USING gin (grn gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX stock_transactions_gin_trgm_idx ON stock_transactions USING gin (gin gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_name_trgm_idx ON products USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_code_trgm_idx ON products USING gin (code gin_trgm_ops);
