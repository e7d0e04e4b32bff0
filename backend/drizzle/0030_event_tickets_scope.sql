CREATE TABLE "used_event_tickets" (
	"ticket_id" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "used_event_tickets_expires_idx" ON "used_event_tickets" USING btree ("expires_at");--> statement-breakpoint
-- Live events follow the read scope: every announced change of a list, transfer, stock count or
-- stock adjustment carries the warehouses it belongs to (the trigger's arguments name the
-- columns), so a stream of a user tied to a warehouse gets only that warehouse's changes. A change
-- of a user's role, warehouse, removal or session version is announced as well, so the user's open
-- event streams close on every API process.
CREATE OR REPLACE FUNCTION backoffice_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  change jsonb := jsonb_build_object('table', TG_TABLE_NAME, 'id', NEW.id);
  rec jsonb;
  warehouses jsonb := '[]'::jsonb;
BEGIN
  IF TG_NARGS > 0 THEN
    rec := to_jsonb(NEW);
    FOR i IN 0 .. TG_NARGS - 1 LOOP
      warehouses := warehouses || jsonb_build_array(rec ->> TG_ARGV[i]);
    END LOOP;
    change := change || jsonb_build_object('warehouses', warehouses);
  END IF;
  PERFORM pg_notify('backoffice_changes', change::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER incoming_lists_notify ON incoming_lists;
--> statement-breakpoint
CREATE TRIGGER incoming_lists_notify AFTER INSERT OR UPDATE ON incoming_lists FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change('warehouse_id');
--> statement-breakpoint
DROP TRIGGER outgoing_lists_notify ON outgoing_lists;
--> statement-breakpoint
CREATE TRIGGER outgoing_lists_notify AFTER INSERT OR UPDATE ON outgoing_lists FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change('warehouse_id');
--> statement-breakpoint
DROP TRIGGER stock_transfers_notify ON stock_transfers;
--> statement-breakpoint
CREATE TRIGGER stock_transfers_notify AFTER INSERT OR UPDATE ON stock_transfers FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change('from_warehouse_id', 'to_warehouse_id');
--> statement-breakpoint
DROP TRIGGER stock_counts_notify ON stock_counts;
--> statement-breakpoint
CREATE TRIGGER stock_counts_notify AFTER INSERT OR UPDATE ON stock_counts FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change('warehouse_id');
--> statement-breakpoint
DROP TRIGGER stock_adjustments_notify ON stock_adjustments;
--> statement-breakpoint
CREATE TRIGGER stock_adjustments_notify AFTER INSERT OR UPDATE ON stock_adjustments FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change('warehouse_id');
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.removed IS DISTINCT FROM NEW.removed OR OLD.session_version IS DISTINCT FROM NEW.session_version
        OR OLD.role IS DISTINCT FROM NEW.role OR OLD.warehouse_id IS DISTINCT FROM NEW.warehouse_id)
  EXECUTE FUNCTION backoffice_notify_change();
