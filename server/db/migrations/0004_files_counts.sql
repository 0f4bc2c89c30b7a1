CREATE TABLE "file_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
DROP TABLE "file_statistics" CASCADE;