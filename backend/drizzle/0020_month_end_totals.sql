CREATE TABLE "stock_month_end_totals" (
	"month" date NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"incoming_quantity" numeric(18, 3) NOT NULL,
	"outgoing_quantity" numeric(18, 3) NOT NULL,
	CONSTRAINT "stock_month_end_totals_month_warehouse_id_product_id_unit_pk" PRIMARY KEY("month","warehouse_id","product_id","unit")
);
--> statement-breakpoint
CREATE TABLE "stock_sealed_months" (
	"month" date PRIMARY KEY NOT NULL,
	"totals_month" date NOT NULL,
	"sealed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_month_end_totals" ADD CONSTRAINT "stock_month_end_totals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_daily_totals_product_day_idx" ON "stock_daily_totals" USING btree ("product_id","unit","transaction_type","day","quantity");