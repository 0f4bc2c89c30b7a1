CREATE TABLE "mail_accounts" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position" bigserial NOT NULL,
	"expression" text NOT NULL,
	"provider_uid" uuid NOT NULL,
	"username" text,
	"encrypted_password" text,
	CONSTRAINT "mail_accounts_position_unique" UNIQUE("position")
);
--> statement-breakpoint
CREATE TABLE "mail_providers" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"security" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"reference_uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender" text NOT NULL,
	"recipients" text[] NOT NULL,
	"cc" text[] NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"lease_owner" uuid,
	"error_message" text,
	"completed_at" timestamp with time zone,
	CONSTRAINT "mails_state_check" CHECK ("mails"."state" in ('queued', 'retrying', 'delivered', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD CONSTRAINT "mail_accounts_provider_uid_mail_providers_uid_fk" FOREIGN KEY ("provider_uid") REFERENCES "public"."mail_providers"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_due_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."state" in ('queued', 'retrying');--> statement-breakpoint
CREATE INDEX "mails_queued_idx" ON "mails" USING btree ("requested_at" DESC NULLS LAST) WHERE "mails"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "mails_retrying_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."state" = 'retrying';--> statement-breakpoint
CREATE INDEX "mails_delivered_idx" ON "mails" USING btree ("completed_at" DESC NULLS LAST) WHERE "mails"."state" = 'delivered';--> statement-breakpoint
CREATE INDEX "mails_failed_idx" ON "mails" USING btree ("completed_at" DESC NULLS LAST) WHERE "mails"."state" = 'failed';