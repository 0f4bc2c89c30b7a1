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
CREATE TABLE "archived_care_requests" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"customer_version" text NOT NULL,
	"newsletter" boolean,
	"referral" text,
	"contact_title" text,
	"contact_partial_zip_code" text,
	"mission_details" jsonb NOT NULL,
	"accommodation" jsonb NOT NULL,
	"caregiver_requirements" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_request_contacts" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"salutation" text,
	"academic_title" text,
	"first_name" text,
	"last_name" text,
	"phone" text,
	"email" text,
	"notes" text,
	"mission_zip_code" text,
	"mission_city" text,
	"tracking" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "care_request_statistics" (
	"id" smallint PRIMARY KEY NOT NULL,
	"request_count" integer NOT NULL,
	"archived_count" integer NOT NULL,
	CONSTRAINT "care_request_statistics_one_row" CHECK ("care_request_statistics"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "care_requests" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" text,
	"form_version" text NOT NULL,
	"submitted" timestamp with time zone NOT NULL,
	"host" text NOT NULL,
	"affiliate" text,
	"core_territory" boolean NOT NULL,
	"optional_territory" boolean NOT NULL,
	"partial_mission_zip_code" text,
	"mission_begins" text NOT NULL,
	"mission_start_date" date,
	"drivers_license_required" boolean NOT NULL,
	"other_persons_present" boolean NOT NULL,
	"number_of_patients" smallint NOT NULL,
	"details" jsonb NOT NULL,
	"patients" jsonb NOT NULL,
	"search_text" text NOT NULL,
	CONSTRAINT "care_requests_legacy_id_unique" UNIQUE("legacy_id"),
	CONSTRAINT "care_requests_form_version_check" CHECK ("care_requests"."form_version" in ('2012', '2016-pre', '2016')),
	CONSTRAINT "care_requests_mission_begins_check" CHECK ("care_requests"."mission_begins" in ('asap', 'date', 'other'))
);
--> statement-breakpoint
CREATE TABLE "file_counts" (
	"key" text PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
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
CREATE TABLE "password_authentications" (
	"user_uid" uuid PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"family" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "refresh_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"public_name" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"banned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_uid_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_uid_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "archived_care_requests" ADD CONSTRAINT "archived_care_requests_uid_care_requests_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."care_requests"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_contacts" ADD CONSTRAINT "care_request_contacts_uid_care_requests_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."care_requests"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_accounts" ADD CONSTRAINT "mail_accounts_provider_uid_mail_providers_uid_fk" FOREIGN KEY ("provider_uid") REFERENCES "public"."mail_providers"("uid") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_authentications" ADD CONSTRAINT "password_authentications_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_scope_hash_key" ON "api_tokens" USING btree ("scope","token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_scope_created_idx" ON "api_tokens" USING btree ("scope","created");--> statement-breakpoint
CREATE INDEX "care_requests_submitted_idx" ON "care_requests" USING btree ("submitted","uid");--> statement-breakpoint
CREATE INDEX "care_requests_host_idx" ON "care_requests" USING btree ("host","uid");--> statement-breakpoint
CREATE INDEX "care_requests_affiliate_idx" ON "care_requests" USING btree ("affiliate","uid");--> statement-breakpoint
CREATE INDEX "care_requests_partial_zip_idx" ON "care_requests" USING btree ("partial_mission_zip_code","uid");--> statement-breakpoint
CREATE INDEX "care_requests_start_date_idx" ON "care_requests" USING btree ("mission_start_date","uid");--> statement-breakpoint
CREATE INDEX "care_requests_form_version_idx" ON "care_requests" USING btree ("form_version","uid");--> statement-breakpoint
CREATE INDEX "care_requests_patients_idx" ON "care_requests" USING btree ("number_of_patients","uid");--> statement-breakpoint
CREATE INDEX "care_requests_search_trgm_idx" ON "care_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_uploaded_idx" ON "files" USING btree ("uploaded","uid");--> statement-breakpoint
CREATE INDEX "files_name_idx" ON "files" USING btree ("name","uid");--> statement-breakpoint
CREATE INDEX "files_size_idx" ON "files" USING btree ("size","uid");--> statement-breakpoint
CREATE INDEX "files_content_type_idx" ON "files" USING btree ("content_type","uid");--> statement-breakpoint
CREATE INDEX "files_description_prefix_idx" ON "files" USING btree (left("description", 64));--> statement-breakpoint
CREATE INDEX "files_name_trgm_idx" ON "files" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_description_trgm_idx" ON "files" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_reference_values_trgm_idx" ON "files" USING gin ("reference_values" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_reference_kinds_idx" ON "files" USING gin ("reference_kinds");--> statement-breakpoint
CREATE INDEX "mails_due_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."state" in ('queued', 'retrying');--> statement-breakpoint
CREATE INDEX "mails_queued_idx" ON "mails" USING btree ("requested_at" DESC NULLS LAST) WHERE "mails"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "mails_retrying_idx" ON "mails" USING btree ("next_attempt_at") WHERE "mails"."state" = 'retrying';--> statement-breakpoint
CREATE INDEX "mails_delivered_idx" ON "mails" USING btree ("completed_at" DESC NULLS LAST) WHERE "mails"."state" = 'delivered';--> statement-breakpoint
CREATE INDEX "mails_failed_idx" ON "mails" USING btree ("completed_at" DESC NULLS LAST) WHERE "mails"."state" = 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "password_authentications_username_key" ON "password_authentications" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_uid");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family");--> statement-breakpoint
CREATE INDEX "sign_in_failures_username_idx" ON "sign_in_failures" USING btree (lower("username"),"failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_address_idx" ON "sign_in_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_failed_at_idx" ON "sign_in_failures" USING btree ("failed_at");