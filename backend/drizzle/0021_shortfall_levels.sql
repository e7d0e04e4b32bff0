-- Issue 17: a failed issue posting names the stock levels it found, read under their row locks
-- (JSON in the error's DETAIL: [{"inventory_id", "unit", "on_hand", "reserved"}]), so the API can
-- answer the 409 without reading them again and refuse, from one failed statement, every issue of a
-- group of direct issues that could not have been posted alone (StockLedgerService).
CREATE FUNCTION stock_shortfall(levels jsonb) RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'not enough stock for this posting' USING ERRCODE = 'SL001', DETAIL = coalesce(levels, '[]'::jsonb)::text;
END $$;
--> statement-breakpoint
DROP FUNCTION stock_shortfall();
