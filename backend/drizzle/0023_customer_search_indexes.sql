-- Customer searches read trigram indexes instead of scanning every customer (issue 13): the
-- customer list (name, email, company, phones), the outgoing list search and the ledger's
-- customer filter (name, phones). Phones are matched as one text, joined by spaces, through an
-- IMMUTABLE wrapper: array_to_string itself is only STABLE, which an index expression may not be.
CREATE FUNCTION customer_phones_text(phones text[]) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ SELECT array_to_string(phones, ' ') $$;
--> statement-breakpoint
CREATE INDEX customers_name_trgm_idx ON customers USING gin (name gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX customers_email_trgm_idx ON customers USING gin (email gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX customers_company_trgm_idx ON customers USING gin (company gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX customers_phones_trgm_idx ON customers USING gin (customer_phones_text(phone_no) gin_trgm_ops);
