CREATE TABLE "stock_customer_totals" (
	"warehouse_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "stock_customer_totals_warehouse_id_customer_id_unit_pk" PRIMARY KEY("warehouse_id","customer_id","unit")
);
--> statement-breakpoint
CREATE TABLE "stock_product_totals" (
	"warehouse_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"incoming_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"outgoing_quantity" numeric(18, 3) DEFAULT '0' NOT NULL,
	"outgoing_movements" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_product_totals_warehouse_id_product_id_unit_pk" PRIMARY KEY("warehouse_id","product_id","unit")
);
--> statement-breakpoint
ALTER TABLE "stock_customer_totals" ADD CONSTRAINT "stock_customer_totals_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_customer_totals" ADD CONSTRAINT "stock_customer_totals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_product_totals" ADD CONSTRAINT "stock_product_totals_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_product_totals" ADD CONSTRAINT "stock_product_totals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "stock_product_totals" ("warehouse_id", "product_id", "unit", "incoming_quantity", "outgoing_quantity", "outgoing_movements")
SELECT "warehouse_id", "product_id", "unit",
  coalesce(sum("quantity") FILTER (WHERE "transaction_type" = 'incoming'), 0),
  coalesce(sum("quantity") FILTER (WHERE "transaction_type" = 'outgoing'), 0),
  coalesce(sum("movements") FILTER (WHERE "transaction_type" = 'outgoing'), 0)
FROM "stock_daily_totals" GROUP BY 1, 2, 3;--> statement-breakpoint
INSERT INTO "stock_customer_totals" ("warehouse_id", "customer_id", "unit", "quantity", "movements")
SELECT "warehouse_id", "customer_id", "unit", sum("quantity"), sum("movements")
FROM "stock_daily_totals"
WHERE "transaction_type" = 'outgoing' AND "customer_id" <> '00000000-0000-0000-0000-000000000000'
GROUP BY 1, 2, 3;
