CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"specifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"quantity_measurement" text[] NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"company" text NOT NULL,
	"address" text,
	"phone_no" text[] NOT NULL,
	"email" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoming_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" jsonb NOT NULL,
	"purchased_price" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoming_list_remarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"content" text NOT NULL,
	"remark_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incoming_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"grn" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"purchased_price" numeric(14, 2),
	"depreciation_rate" numeric(6, 3),
	"purchased_date" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_list_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"inventory_id" uuid NOT NULL,
	"quantity" jsonb NOT NULL,
	"unit_price" numeric(14, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_list_remarks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"list_id" uuid NOT NULL,
	"content" text NOT NULL,
	"remark_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outgoing_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gin" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"customer_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"fs_number" text,
	"created_by" uuid NOT NULL,
	"submitted_at" timestamp with time zone,
	"verified_by" uuid,
	"verified_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"outgoing_delivery_overseen_by" uuid,
	"outgoing_delivered_on" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"specifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"units" text[] NOT NULL,
	"buffer_unit" text NOT NULL,
	"buffer_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"image_extension" text,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_buffer_qty_ck" CHECK ("products"."buffer_quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_daily_totals" (
	"day" date NOT NULL,
	"transaction_type" text NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"quantity" numeric(18, 3) NOT NULL,
	"movements" integer NOT NULL,
	CONSTRAINT "stock_daily_totals_day_transaction_type_product_id_warehouse_id_customer_id_unit_pk" PRIMARY KEY("day","transaction_type","product_id","warehouse_id","customer_id","unit")
);
--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"inventory_id" uuid NOT NULL,
	"unit" text NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT '0' NOT NULL,
	"reserved" numeric(14, 3) DEFAULT '0' NOT NULL,
	CONSTRAINT "stock_levels_inventory_id_unit_pk" PRIMARY KEY("inventory_id","unit"),
	CONSTRAINT "stock_levels_on_hand_ck" CHECK ("stock_levels"."on_hand" >= 0),
	CONSTRAINT "stock_levels_reserved_ck" CHECK ("stock_levels"."reserved" >= 0 AND "stock_levels"."reserved" <= "stock_levels"."on_hand")
);
--> statement-breakpoint
CREATE TABLE "stock_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_type" text NOT NULL,
	"inventory_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"quantity" jsonb NOT NULL,
	"grn" text,
	"gin" text,
	"customer_id" uuid,
	"user_id" uuid NOT NULL,
	"taken_by" text,
	"remarks" text,
	"source" text NOT NULL,
	"source_id" uuid,
	"transaction_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_transactions_type_ck" CHECK ("stock_transactions"."transaction_type" IN ('incoming','outgoing')),
	CONSTRAINT "stock_transactions_source_ck" CHECK ("stock_transactions"."source" IN ('direct','incoming_list','outgoing_list'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"warehouse_id" uuid,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_ck" CHECK ("users"."role" IN ('admin','warehouseAdmin','finance','salesSupervisor','importAdmin','sales'))
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"removed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incoming_list_items" ADD CONSTRAINT "incoming_list_items_list_id_incoming_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."incoming_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_list_items" ADD CONSTRAINT "incoming_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_list_remarks" ADD CONSTRAINT "incoming_list_remarks_list_id_incoming_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."incoming_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_list_remarks" ADD CONSTRAINT "incoming_list_remarks_remark_by_users_id_fk" FOREIGN KEY ("remark_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventories" ADD CONSTRAINT "inventories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_items" ADD CONSTRAINT "outgoing_list_items_list_id_outgoing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."outgoing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_items" ADD CONSTRAINT "outgoing_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_items" ADD CONSTRAINT "outgoing_list_items_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_remarks" ADD CONSTRAINT "outgoing_list_remarks_list_id_outgoing_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."outgoing_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_list_remarks" ADD CONSTRAINT "outgoing_list_remarks_remark_by_users_id_fk" FOREIGN KEY ("remark_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_verified_by_users_id_fk" FOREIGN KEY ("verified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_outgoing_delivery_overseen_by_users_id_fk" FOREIGN KEY ("outgoing_delivery_overseen_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD CONSTRAINT "stock_daily_totals_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_daily_totals" ADD CONSTRAINT "stock_daily_totals_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_inventory_id_inventories_id_fk" FOREIGN KEY ("inventory_id") REFERENCES "public"."inventories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_active_name_uq" ON "categories" USING btree (lower("name")) WHERE NOT "categories"."removed";--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_list_items_list_product_uq" ON "incoming_list_items" USING btree ("list_id","product_id");--> statement-breakpoint
CREATE INDEX "incoming_list_remarks_list_idx" ON "incoming_list_remarks" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incoming_lists_grn_uq" ON "incoming_lists" USING btree ("grn");--> statement-breakpoint
CREATE INDEX "incoming_lists_status_idx" ON "incoming_lists" USING btree ("status","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inventories_product_warehouse_uq" ON "inventories" USING btree ("product_id","warehouse_id");--> statement-breakpoint
CREATE INDEX "inventories_warehouse_idx" ON "inventories" USING btree ("warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_list_items_list_inventory_uq" ON "outgoing_list_items" USING btree ("list_id","inventory_id");--> statement-breakpoint
CREATE INDEX "outgoing_list_remarks_list_idx" ON "outgoing_list_remarks" USING btree ("list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_lists_gin_uq" ON "outgoing_lists" USING btree ("gin");--> statement-breakpoint
CREATE INDEX "outgoing_lists_status_idx" ON "outgoing_lists" USING btree ("status","warehouse_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_active_code_uq" ON "products" USING btree (lower("code")) WHERE NOT "products"."removed";--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "stock_transactions_date_idx" ON "stock_transactions" USING btree ("transaction_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transactions_warehouse_date_idx" ON "stock_transactions" USING btree ("warehouse_id","transaction_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transactions_product_date_idx" ON "stock_transactions" USING btree ("product_id","transaction_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transactions_category_date_idx" ON "stock_transactions" USING btree ("category_id","transaction_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "stock_transactions_customer_idx" ON "stock_transactions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "stock_transactions_inventory_idx" ON "stock_transactions" USING btree ("inventory_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "warehouses_active_name_uq" ON "warehouses" USING btree (lower("name")) WHERE NOT "warehouses"."removed";