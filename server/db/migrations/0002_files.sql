CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scope" text NOT NULL,
	"service" text NOT NULL,
	"token_hash" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"expires" timestamp with time zone,
	"revoked" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
CREATE TABLE "file_statistics" (
	"id" integer PRIMARY KEY NOT NULL,
	"file_count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"content_type" text NOT NULL,
	"uploaded" timestamp with time zone DEFAULT now() NOT NULL,
	"size" bigint NOT NULL,
	"md5_hash" text NOT NULL,
	"storage_key" text NOT NULL,
	"references" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reference_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"reference_values" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_uid_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_scope_hash_key" ON "api_tokens" USING btree ("scope","token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_scope_created_idx" ON "api_tokens" USING btree ("scope","created");--> statement-breakpoint
CREATE INDEX "files_uploaded_idx" ON "files" USING btree ("uploaded","uid");--> statement-breakpoint
CREATE INDEX "files_name_idx" ON "files" USING btree ("name","uid");--> statement-breakpoint
CREATE INDEX "files_size_idx" ON "files" USING btree ("size","uid");--> statement-breakpoint
CREATE INDEX "files_content_type_idx" ON "files" USING btree ("content_type","uid");--> statement-breakpoint
CREATE INDEX "files_description_prefix_idx" ON "files" USING btree (left("description", 64));--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_description_trgm_idx" ON "files" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_reference_values_trgm_idx" ON "files" USING gin ("reference_values" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_reference_kinds_idx" ON "files" USING gin ("reference_kinds");