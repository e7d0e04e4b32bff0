CREATE TABLE "outgoing_list_return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"quantity" jsonb NOT NULL,
	"transaction_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_list_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"returned_by" uuid NOT NULL,
	"returned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outgoing_list_return_lines" ADD CONSTRAINT "outgoing_list_return_lines_return_id_outgoing_list_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."outgoing_list_returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_return_lines" ADD CONSTRAINT "outgoing_list_return_lines_line_id_outgoing_list_items_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."outgoing_list_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_return_lines" ADD CONSTRAINT "outgoing_list_return_lines_transaction_id_stock_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."stock_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_returns" ADD CONSTRAINT "outgoing_list_returns_list_id_outgoing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."outgoing_lists"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_returns" ADD CONSTRAINT "outgoing_list_returns_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_list_return_lines_return_line_uq" ON "outgoing_list_return_lines" USING btree ("return_id","line_id");--> statement-breakpoint
CREATE INDEX "outgoing_list_return_lines_line_idx" ON "outgoing_list_return_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "outgoing_list_returns_list_idx" ON "outgoing_list_returns" USING btree ("list_id","returned_at","id");