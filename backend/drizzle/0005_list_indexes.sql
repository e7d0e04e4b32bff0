-- Issue 13: the indexes of the list pages (schema.ts). IF [NOT] EXISTS because an early draft of this
-- migration reached development databases; the statements then only add what is missing.
DROP INDEX IF EXISTS "incoming_list_remarks_list_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "outgoing_list_remarks_list_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_name_idx" ON "customers" USING btree ("name");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incoming_lists_created_idx" ON "incoming_lists" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incoming_lists_warehouse_created_idx" ON "incoming_lists" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incoming_lists_grn_trgm_idx" ON "incoming_lists" USING gin ("grn" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incoming_lists_created_by_idx" ON "incoming_lists" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_lists_created_idx" ON "outgoing_lists" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_lists_warehouse_created_idx" ON "outgoing_lists" USING btree ("warehouse_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_lists_gin_trgm_idx" ON "outgoing_lists" USING gin ("gin" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_lists_fs_number_trgm_idx" ON "outgoing_lists" USING gin ("fs_number" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_lists_customer_idx" ON "outgoing_lists" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_lists_created_by_idx" ON "outgoing_lists" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "incoming_list_remarks_list_idx" ON "incoming_list_remarks" USING btree ("list_id","created_at","id");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "outgoing_list_remarks_list_idx" ON "outgoing_list_remarks" USING btree ("list_id","created_at","id");