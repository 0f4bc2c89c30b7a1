-- the users list's total without query or filters, kept by the statement triggers of 0009 (keep_row_count), so that users written any
-- way (an administrator, the first administrator, a restore) are counted
INSERT INTO "kept_counts" ("key", "count") SELECT 'users', count(*) FROM "users"
	ON CONFLICT ("key") DO UPDATE SET "count" = excluded."count";--> statement-breakpoint
CREATE TRIGGER "users_count_inserted" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_row_count"('users');--> statement-breakpoint
CREATE TRIGGER "users_count_deleted" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "keep_row_count"('users');--> statement-breakpoint
CREATE TRIGGER "users_count_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "keep_row_count_truncated"('users');
