ALTER TABLE "api_tokens" ADD COLUMN "last_four" text;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_providers" ADD COLUMN "disabled_at" timestamp with time zone;