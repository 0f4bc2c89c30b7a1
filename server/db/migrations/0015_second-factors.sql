CREATE TABLE "authentication_challenges" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_uid" uuid,
	"address" text,
	"user_agent" text,
	"challenge" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "second_factors" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"totp_secret" text,
	"totp_last_step" integer,
	"credential_id" text,
	"public_key" text,
	"sign_count" integer,
	"transports" text[]
);
--> statement-breakpoint
ALTER TABLE "role_permissions" ADD COLUMN "second_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "authenticated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "enrollment_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "second_factor_required_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "authentication_challenges" ADD CONSTRAINT "authentication_challenges_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recovery_codes" ADD CONSTRAINT "recovery_codes_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authentication_challenges_expires_idx" ON "authentication_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "device_tokens_user_idx" ON "device_tokens" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "recovery_codes_user_idx" ON "recovery_codes" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "recovery_codes_hash_key" ON "recovery_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "second_factors_user_idx" ON "second_factors" USING btree ("user_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "second_factors_credential_key" ON "second_factors" USING btree ("credential_id");--> statement-breakpoint
-- Sessions started before re-authentication existed were authenticated when they started.
UPDATE "sessions" SET "authenticated_at" = "created_at";--> statement-breakpoint
-- A second factor is required by default of the roles that can change every account; their users' grace period starts now.
UPDATE "role_permissions" SET "second_factor_required" = true WHERE "role" IN ('administrator', 'ceo');--> statement-breakpoint
UPDATE "users" SET "second_factor_required_since" = now() WHERE "roles" && ARRAY['administrator', 'ceo']::text[];
