-- the dashboard's total size of stored files, kept from now on by every upload (server/files/counts.ts): start it at the
-- sum of the files there are (none: no row, like any count never kept)
INSERT INTO "kept_counts" ("key", "count")
SELECT 'files:bytes', SUM("size") FROM "files" HAVING COUNT(*) > 0
ON CONFLICT ("key") DO UPDATE SET "count" = excluded."count";
