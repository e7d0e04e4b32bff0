-- Issue 18 (the Ethiopian context): each user's calendar for dates in the UI, PDFs and exports
-- (gregorian or ethiopian), and a customer's optional Ethiopian TIN (10 digits), printed on the invoice.
ALTER TABLE "customers" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "calendar" text DEFAULT 'gregorian' NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tin_ck" CHECK ("customers"."tin" ~ '^[0-9]{10}$');--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_calendar_ck" CHECK ("users"."calendar" IN ('gregorian','ethiopian'));