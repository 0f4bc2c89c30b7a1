-- The mail log's search columns move to a table of their own, written once when a mail is queued: every delivery changes a mail's row
-- twice, and each such update (not HOT: it changes indexed columns) added all the mail's trigrams and tokens to the two GIN indexes
-- again, more than half of the database's time per delivered mail.
CREATE TABLE "mail_search" (
	"mail_uid" uuid PRIMARY KEY NOT NULL,
	"search_text" text NOT NULL,
	"search_tokens" text[] NOT NULL
);
--> statement-breakpoint
INSERT INTO "mail_search" ("mail_uid", "search_text", "search_tokens") SELECT "reference_uid", "search_text", "search_tokens" FROM "mails";--> statement-breakpoint
DROP INDEX "mails_search_trgm_idx";--> statement-breakpoint
DROP INDEX "mails_search_tokens_idx";--> statement-breakpoint
ALTER TABLE "mail_search" ADD CONSTRAINT "mail_search_mail_uid_mails_reference_uid_fk" FOREIGN KEY ("mail_uid") REFERENCES "public"."mails"("reference_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_search_trgm_idx" ON "mail_search" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=true,gin_pending_list_limit=256);--> statement-breakpoint
CREATE INDEX "mail_search_tokens_idx" ON "mail_search" USING gin ("search_tokens") WITH (fastupdate=true,gin_pending_list_limit=256);--> statement-breakpoint
ALTER TABLE "mails" DROP COLUMN "search_text";--> statement-breakpoint
ALTER TABLE "mails" DROP COLUMN "search_tokens";
