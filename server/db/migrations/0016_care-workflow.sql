CREATE SEQUENCE "public"."care_event_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "care_request_mails" (
	"mail_uid" uuid PRIMARY KEY NOT NULL,
	"request_uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"queued_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_request_notes" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_uid" uuid NOT NULL,
	"author_uid" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"text" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_user_settings" (
	"user_uid" uuid PRIMARY KEY NOT NULL,
	"assignment_mails" boolean DEFAULT true NOT NULL,
	"mail_address" text
);
--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "assignee_uid" uuid;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "follow_up" date;--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "care_request_mails" ADD CONSTRAINT "care_request_mails_request_uid_care_requests_uid_fk" FOREIGN KEY ("request_uid") REFERENCES "public"."care_requests"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_notes" ADD CONSTRAINT "care_request_notes_request_uid_care_requests_uid_fk" FOREIGN KEY ("request_uid") REFERENCES "public"."care_requests"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_notes" ADD CONSTRAINT "care_request_notes_author_uid_users_uid_fk" FOREIGN KEY ("author_uid") REFERENCES "public"."users"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_user_settings" ADD CONSTRAINT "care_user_settings_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_request_mails_request_idx" ON "care_request_mails" USING btree ("request_uid","queued_at");--> statement-breakpoint
CREATE INDEX "care_request_notes_request_idx" ON "care_request_notes" USING btree ("request_uid","created_at");--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_assignee_uid_users_uid_fk" FOREIGN KEY ("assignee_uid") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_requests_status_submitted_idx" ON "care_requests" USING btree ("status","submitted","uid");--> statement-breakpoint
CREATE INDEX "care_requests_status_follow_up_idx" ON "care_requests" USING btree ("status","follow_up","uid");--> statement-breakpoint
CREATE INDEX "care_requests_assignee_status_idx" ON "care_requests" USING btree ("assignee_uid","status","submitted","uid");--> statement-breakpoint
CREATE INDEX "care_requests_unassigned_idx" ON "care_requests" USING btree ("status","submitted","uid") WHERE "care_requests"."assignee_uid" is null;--> statement-breakpoint
CREATE INDEX "care_requests_follow_up_idx" ON "care_requests" USING btree ("follow_up","uid");--> statement-breakpoint
ALTER TABLE "care_requests" ADD CONSTRAINT "care_requests_status_check" CHECK ("care_requests"."status" in ('new', 'contacting', 'offer_sent', 'placed', 'declined', 'withdrawn'));--> statement-breakpoint
-- care:work (working care requests) by default for administrator, ceo and dispatcher (docs/api.md, Permissions)
UPDATE "role_permissions" SET "permissions" = array_append("permissions", 'care:work')
	WHERE "role" IN ('administrator', 'ceo', 'dispatcher') AND NOT ('care:work' = ANY("permissions"));
