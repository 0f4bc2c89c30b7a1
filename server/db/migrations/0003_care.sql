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
ALTER TABLE "archived_care_requests" ADD CONSTRAINT "archived_care_requests_uid_care_requests_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."care_requests"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "care_request_contacts" ADD CONSTRAINT "care_request_contacts_uid_care_requests_uid_fk" FOREIGN KEY ("uid") REFERENCES "public"."care_requests"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "care_requests_submitted_idx" ON "care_requests" USING btree ("submitted","uid");--> statement-breakpoint
CREATE INDEX "care_requests_host_idx" ON "care_requests" USING btree ("host","uid");--> statement-breakpoint
CREATE INDEX "care_requests_affiliate_idx" ON "care_requests" USING btree ("affiliate","uid");--> statement-breakpoint
CREATE INDEX "care_requests_partial_zip_idx" ON "care_requests" USING btree ("partial_mission_zip_code","uid");--> statement-breakpoint
CREATE INDEX "care_requests_start_date_idx" ON "care_requests" USING btree ("mission_start_date","uid");--> statement-breakpoint
CREATE INDEX "care_requests_form_version_idx" ON "care_requests" USING btree ("form_version","uid");--> statement-breakpoint
CREATE INDEX "care_requests_patients_idx" ON "care_requests" USING btree ("number_of_patients","uid");--> statement-breakpoint
CREATE INDEX "care_requests_search_trgm_idx" ON "care_requests" USING gin ("search_text" gin_trgm_ops);