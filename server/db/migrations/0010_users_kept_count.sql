-- the users list's total without query or filters, kept by statement triggers (as the mails' in 0009), so that users written any way
-- (sign-up by an administrator, the first administrator, a restore) are counted
INSERT INTO "kept_counts" ("key", "count") SELECT 'users', count(*) FROM "users"
	ON CONFLICT ("key") DO UPDATE SET "count" = excluded."count";--> statement-breakpoint
CREATE FUNCTION "users_keep_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	"delta" bigint;
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT count(*) INTO "delta" FROM "inserted_users";
	ELSE
		SELECT -count(*) INTO "delta" FROM "deleted_users";
	END IF;
	IF "delta" <> 0 THEN
		UPDATE "kept_counts" SET "count" = "count" + "delta" WHERE "key" = 'users';
	END IF;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "users_keep_count_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "kept_counts" SET "count" = 0 WHERE "key" = 'users';
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "inserted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_keep_count"();--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "deleted_users" FOR EACH STATEMENT EXECUTE FUNCTION "users_keep_count"();--> statement-breakpoint
CREATE TRIGGER "users_count_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "users_keep_count_truncated"();
