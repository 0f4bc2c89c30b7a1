CREATE TABLE "oidc_logout_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD COLUMN "provider_sid" text;--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD COLUMN "provider_checked_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "oidc_logout_tokens_expires_idx" ON "oidc_logout_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "oidc_sessions_provider_sid_idx" ON "oidc_sessions" USING btree ("provider_sid");