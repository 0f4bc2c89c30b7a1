CREATE TABLE "mail_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"mail_uid" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_uid" uuid,
	"provider_name" text,
	"provider_host" text,
	"outcome" text NOT NULL,
	"reply_code" integer,
	"reply_text" text,
	"recipients" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "mail_attempts_outcome_check" CHECK ("mail_attempts"."outcome" in ('delivered', 'retrying', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "mails" DROP CONSTRAINT "mails_state_check";--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "resent_from" uuid;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "cancelled_by" text;--> statement-breakpoint
ALTER TABLE "mail_attempts" ADD CONSTRAINT "mail_attempts_mail_uid_mails_reference_uid_fk" FOREIGN KEY ("mail_uid") REFERENCES "public"."mails"("reference_uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_attempts_mail_idx" ON "mail_attempts" USING btree ("mail_uid","attempted_at");--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_resent_from_mails_reference_uid_fk" FOREIGN KEY ("resent_from") REFERENCES "public"."mails"("reference_uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mails_requested_idx" ON "mails" USING btree ("requested_at" DESC NULLS LAST,"reference_uid" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mails_resent_from_idx" ON "mails" USING btree ("resent_from") WHERE "mails"."resent_from" is not null;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_state_check" CHECK ("mails"."state" in ('queued', 'retrying', 'delivered', 'failed', 'cancelled'));