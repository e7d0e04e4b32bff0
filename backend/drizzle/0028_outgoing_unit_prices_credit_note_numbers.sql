DROP INDEX "outgoing_list_items_list_inventory_price_uq";--> statement-breakpoint
ALTER TABLE "outgoing_list_items" ADD COLUMN "unit_prices" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- each priced line keeps its price on the unit it applied to: the line's first quantity entry
UPDATE "outgoing_list_items" SET "unit_prices" = jsonb_build_object("quantity" -> 0 ->> 'name', "unit_price") WHERE "unit_price" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "outgoing_list_returns" ADD COLUMN "credit_note_number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "outgoing_list_returns_credit_note_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_list_items_list_inventory_prices_uq" ON "outgoing_list_items" USING btree ("list_id","inventory_id","unit_prices");--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_list_returns_credit_note_number_uq" ON "outgoing_list_returns" USING btree ("credit_note_number");--> statement-breakpoint
ALTER TABLE "outgoing_list_items" DROP COLUMN "unit_price";--> statement-breakpoint
ALTER TABLE "outgoing_list_items" ADD CONSTRAINT "outgoing_list_items_unit_prices_ck" CHECK (jsonb_typeof("outgoing_list_items"."unit_prices") = 'object');