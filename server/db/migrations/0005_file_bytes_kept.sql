-- the dashboard's total size of stored files, kept from now on by every upload (server/files/counts.ts): start it at the sum
INSERT INTO "kept_counts" ("key", "count")
SELECT 'files:bytes', COALESCE(SUM("size"), 0) FROM "files"
ON CONFLICT ("key") DO UPDATE SET "count" = excluded."count";
