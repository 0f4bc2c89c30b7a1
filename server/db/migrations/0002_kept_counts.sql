CREATE TABLE "kept_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
-- carry the existing counts over: file_counts' 'all' and 'kind:<Kind>' become 'files' and 'files:kind:<Kind>'
INSERT INTO "kept_counts" ("key", "count")
SELECT CASE WHEN "key" = 'all' THEN 'files' ELSE 'files:' || "key" END, "count" FROM "file_counts";--> statement-breakpoint
INSERT INTO "kept_counts" ("key", "count")
SELECT 'care-requests', "request_count" FROM "care_request_statistics" WHERE "id" = 1
UNION ALL
SELECT 'care-requests:archived', "archived_count" FROM "care_request_statistics" WHERE "id" = 1;--> statement-breakpoint
DROP TABLE "care_request_statistics" CASCADE;--> statement-breakpoint
DROP TABLE "file_counts" CASCADE;
