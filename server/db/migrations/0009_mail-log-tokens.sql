ALTER TABLE "mails" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- like searchTokensOf (server/mail/queue.ts): whole addresses, the Message-ID without brackets, and the words of search_text
UPDATE "mails" SET "search_tokens" = ARRAY(
	SELECT DISTINCT "token" FROM (
		SELECT lower("address") AS "token" FROM unnest(ARRAY["sender"] || "recipients" || "cc" || ARRAY[btrim("message_id", '<>')]) AS "address"
		UNION ALL
		SELECT "word"[1] FROM regexp_matches("search_text", '[a-z0-9]+', 'g') AS "word"
	) AS "tokens" WHERE "token" IS NOT NULL
);--> statement-breakpoint
CREATE INDEX "mails_search_tokens_idx" ON "mails" USING gin ("search_tokens") WITH (fastupdate=false);--> statement-breakpoint
-- the mail log's exact total of every mail (exact_total=true without a query or filter) is kept by statement triggers, so that rows
-- written any way (the queue, retention, a bulk load) are counted
INSERT INTO "kept_counts" ("key", "count") SELECT 'mails', count(*) FROM "mails"
	ON CONFLICT ("key") DO UPDATE SET "count" = excluded."count";--> statement-breakpoint
-- generic: the kept count's key is the trigger's argument, the rows are the statement's transition tables "inserted_rows" / "deleted_rows"
CREATE FUNCTION "keep_row_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"delta" bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO "delta" FROM "inserted_rows";
	ELSE
		SELECT -count(*) INTO "delta" FROM "deleted_rows";
	END IF;
	IF "delta" <> 0 THEN
		UPDATE "kept_counts" SET "count" = "count" + "delta" WHERE "key" = TG_ARGV[0];
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "keep_row_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "kept_counts" SET "count" = 0 WHERE "key" = TG_ARGV[0];
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "mails_count_inserted" AFTER INSERT ON "mails" REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_row_count"('mails');--> statement-breakpoint
CREATE TRIGGER "mails_count_deleted" AFTER DELETE ON "mails" REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_row_count"('mails');--> statement-breakpoint
CREATE TRIGGER "mails_count_truncated" AFTER TRUNCATE ON "mails" FOR EACH STATEMENT EXECUTE FUNCTION "keep_row_count_truncated"('mails');
