-- Live updates (issue 17): every change of a list, transfer, stock count or stock adjustment is
-- announced on the channel `backoffice_changes` when its transaction commits, to every API
-- process LISTENing on the database (GET /api/events). Stock movements are announced by the
-- application after commit instead (coalesced), so postings never wait on the notification queue.
CREATE FUNCTION backoffice_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('backoffice_changes', json_build_object('table', TG_TABLE_NAME, 'id', NEW.id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER incoming_lists_notify AFTER INSERT OR UPDATE ON incoming_lists FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change();
--> statement-breakpoint
CREATE TRIGGER outgoing_lists_notify AFTER INSERT OR UPDATE ON outgoing_lists FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change();
--> statement-breakpoint
CREATE TRIGGER stock_transfers_notify AFTER INSERT OR UPDATE ON stock_transfers FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change();
--> statement-breakpoint
CREATE TRIGGER stock_counts_notify AFTER INSERT OR UPDATE ON stock_counts FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change();
--> statement-breakpoint
CREATE TRIGGER stock_adjustments_notify AFTER INSERT OR UPDATE ON stock_adjustments FOR EACH ROW EXECUTE FUNCTION backoffice_notify_change();
