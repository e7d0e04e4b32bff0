CREATE TABLE "import_refs" (
	"import_id" uuid NOT NULL,
	"key_type" text NOT NULL,
	"key" text NOT NULL,
	"ref_id" uuid NOT NULL,
	"created" boolean DEFAULT false NOT NULL,
	CONSTRAINT "import_refs_import_id_key_type_key_pk" PRIMARY KEY("import_id","key_type","key")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"data" jsonb NOT NULL,
	"errors" jsonb,
	"target_id" uuid,
	"before" jsonb,
	CONSTRAINT "import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "imports_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"warehouse_id" uuid,
	"file_name" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"options" jsonb NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"to_create" integer DEFAULT 0 NOT NULL,
	"to_update" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"result" jsonb,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"committed_by" uuid,
	"committed_at" timestamp with time zone,
	"reverted_by" uuid,
	"reverted_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imports_status_ck" CHECK ("imports"."status" IN ('previewed','committing','committed','failed','reverted'))
);
--> statement-breakpoint
ALTER TABLE "stock_transactions" DROP CONSTRAINT "stock_transactions_source_ck";--> statement-breakpoint
DROP INDEX "products_active_code_uq";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_code" text;--> statement-breakpoint
ALTER TABLE "import_refs" ADD CONSTRAINT "import_refs_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_committed_by_users_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_reverted_by_users_id_fk" FOREIGN KEY ("reverted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imports_created_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "customers_active_external_code_uq" ON "customers" USING btree ("external_code") WHERE NOT "customers"."removed" AND "customers"."external_code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "products_lower_code_idx" ON "products" USING btree (lower("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_active_code_uq" ON "products" USING btree ("code") WHERE NOT "products"."removed";--> statement-breakpoint
ALTER TABLE "stock_transactions" ADD CONSTRAINT "stock_transactions_source_ck" CHECK ("stock_transactions"."source" IN ('direct','incoming_list','outgoing_list','adjustment','transfer','stock_count','import','import_history'));