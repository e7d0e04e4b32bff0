-- Low stock read from the level rows alone (issue 13): a record is low when its level in its
-- product's buffer unit has available (on hand − reserved) at or below the product's buffer
-- quantity. The list and the bell's count joined every record with its product and that level
-- (6,000 records: 6–8 ms a request); with the buffer quantity kept on the buffer unit's level row
-- (NULL on the other units and for removed products), it is a scan of stock_levels (1.5 ms).
-- Kept by triggers, so no write path changes: every record has a level row in its product's buffer
-- unit (0 where nothing was received, e.g. a record opened by a sales-history import), a new
-- level row takes its product's buffer quantity, and a product's buffer or removal updates its
-- records' rows. The column is not in the Drizzle schema: no level read carries it.
ALTER TABLE stock_levels ADD COLUMN buffer_quantity numeric(14, 3);
--> statement-breakpoint
CREATE FUNCTION stock_levels_fill_buffer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT CASE WHEN NEW.unit = p.buffer_unit AND NOT p.removed THEN p.buffer_quantity END INTO NEW.buffer_quantity
  FROM inventories i JOIN products p ON p.id = i.product_id WHERE i.id = NEW.inventory_id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER stock_levels_fill_buffer BEFORE INSERT ON stock_levels FOR EACH ROW EXECUTE FUNCTION stock_levels_fill_buffer();
--> statement-breakpoint
CREATE FUNCTION inventories_open_buffer_level() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_levels (inventory_id, unit) SELECT NEW.id, p.buffer_unit FROM products p WHERE p.id = NEW.product_id
  ON CONFLICT (inventory_id, unit) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inventories_open_buffer_level AFTER INSERT ON inventories FOR EACH ROW EXECUTE FUNCTION inventories_open_buffer_level();
--> statement-breakpoint
-- The product's records' level rows are locked in (record, unit) order first, the order every
-- posting locks levels in, so a product edit waits for a posting instead of deadlocking with it.
CREATE FUNCTION products_sync_buffer_levels() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO stock_levels (inventory_id, unit) SELECT i.id, NEW.buffer_unit FROM inventories i WHERE i.product_id = NEW.id ORDER BY i.id
  ON CONFLICT (inventory_id, unit) DO NOTHING;
  PERFORM 1 FROM stock_levels l JOIN inventories i ON i.id = l.inventory_id WHERE i.product_id = NEW.id
  ORDER BY l.inventory_id, l.unit COLLATE "C" FOR UPDATE OF l;
  UPDATE stock_levels l SET buffer_quantity = CASE WHEN l.unit = NEW.buffer_unit AND NOT NEW.removed THEN NEW.buffer_quantity END
  FROM inventories i WHERE i.id = l.inventory_id AND i.product_id = NEW.id
    AND l.buffer_quantity IS DISTINCT FROM (CASE WHEN l.unit = NEW.buffer_unit AND NOT NEW.removed THEN NEW.buffer_quantity END);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_sync_buffer_levels AFTER UPDATE OF buffer_unit, buffer_quantity, removed ON products FOR EACH ROW
  WHEN (OLD.buffer_unit IS DISTINCT FROM NEW.buffer_unit OR OLD.buffer_quantity IS DISTINCT FROM NEW.buffer_quantity OR OLD.removed IS DISTINCT FROM NEW.removed)
  EXECUTE FUNCTION products_sync_buffer_levels();
--> statement-breakpoint
INSERT INTO stock_levels (inventory_id, unit) SELECT i.id, p.buffer_unit FROM inventories i JOIN products p ON p.id = i.product_id ORDER BY 1
ON CONFLICT (inventory_id, unit) DO NOTHING;
--> statement-breakpoint
UPDATE stock_levels l SET buffer_quantity = p.buffer_quantity FROM inventories i JOIN products p ON p.id = i.product_id
WHERE i.id = l.inventory_id AND l.unit = p.buffer_unit AND NOT p.removed;
