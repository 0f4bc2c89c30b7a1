ALTER TABLE "mails" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "mails" SET "message_id" = '<' || "reference_uid" || '@' || split_part("sender", '@', 2) || '>' WHERE "message_id" IS NULL;--> statement-breakpoint
UPDATE "mails" SET "search_text" = lower(concat_ws(E'\n', "sender", array_to_string("recipients", E'\n'), array_to_string("cc", E'\n'), "subject", "message_id"));--> statement-breakpoint
CREATE INDEX "mails_state_requested_idx" ON "mails" USING btree ("state" DESC NULLS LAST,"requested_at" DESC NULLS LAST,"reference_uid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mails_sender_idx" ON "mails" USING btree ("sender" DESC NULLS LAST,"reference_uid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mails_subject_prefix_idx" ON "mails" USING btree (left("subject", 64) desc nulls last);--> statement-breakpoint
CREATE INDEX "mails_search_trgm_idx" ON "mails" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);