CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"time" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" uuid,
	"actor_name" text,
	"address" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"target_label" text,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"outcome" text DEFAULT 'success' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_permissions" (
	"role" text PRIMARY KEY NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"family" uuid PRIMARY KEY NOT NULL,
	"user_uid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"address" text,
	"user_agent" text,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "throttle_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"last_failure_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "care_requests" ADD COLUMN "contact_erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_time_idx" ON "audit_events" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","time");--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_uid","time");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "audit_events_search_trgm_idx" ON "audit_events" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_uid","last_used_at");--> statement-breakpoint
CREATE INDEX "throttle_counters_last_failure_idx" ON "throttle_counters" USING btree ("last_failure_at");--> statement-breakpoint
-- the default role policy of a new installation (README: Permissions); an existing installation gets it too
INSERT INTO "role_permissions" ("role", "permissions") VALUES
	('administrator', '{users:read,users:manage,roles:manage,mail:read,mail:manage,mail:send,files:read,files:write,tokens:manage,care:read,care:create,care:contact,audit:read}'),
	('ceo', '{users:read,users:manage,roles:manage,mail:read,mail:manage,mail:send,files:read,files:write,tokens:manage,care:read,care:create,care:contact,audit:read}'),
	('dispatcher', '{care:read,care:create,care:contact,files:read,files:write,mail:read}'),
	('recruiter', '{care:read,care:create,files:read,users:read}'),
	('caregiver', '{}')
ON CONFLICT ("role") DO NOTHING;--> statement-breakpoint
-- every refresh-token family already issued becomes a session
INSERT INTO "sessions" ("family", "user_uid", "created_at", "last_used_at", "revoked_at")
SELECT "family", min("user_uid"::text)::uuid, min("created_at"), max("created_at"),
	CASE WHEN bool_and("revoked_at" IS NOT NULL) THEN max("revoked_at") END
FROM "refresh_tokens" GROUP BY "family";--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit events are never changed';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_update" BEFORE UPDATE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
-- the throttle now keeps counters (throttle_counters)
DROP TABLE "sign_in_failures";
