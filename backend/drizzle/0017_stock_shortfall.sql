-- Issue 17: a posting is one statement (levels, ledger rows, rollups; see
-- src/inventory/ledger-postings.repository.ts). When a stock level it needs is short, the statement
-- calls this, so it fails as a whole (SQLSTATE SL001) and changes nothing, inside a transaction or not.
CREATE FUNCTION stock_shortfall() RETURNS boolean LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RAISE EXCEPTION 'not enough stock for this posting' USING ERRCODE = 'SL001';
END $$;
