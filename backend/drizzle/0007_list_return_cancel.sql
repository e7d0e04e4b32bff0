ALTER TABLE "incoming_lists" ADD COLUMN "returned_by" uuid;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD COLUMN "returned_by" uuid;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD COLUMN "returned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD COLUMN "return_reason" text;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD COLUMN "cancelled_by" uuid;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incoming_lists" ADD CONSTRAINT "incoming_lists_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_returned_by_users_id_fk" FOREIGN KEY ("returned_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outgoing_lists" ADD CONSTRAINT "outgoing_lists_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;