CREATE TABLE "oidc_links" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uid" uuid NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sign_in_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_sessions" (
	"uid" uuid PRIMARY KEY NOT NULL,
	"link_uid" uuid NOT NULL,
	"family" uuid,
	"pending_hash" text,
	"second_factor_by_provider" boolean NOT NULL,
	"refresh_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_sessions_family_unique" UNIQUE("family"),
	CONSTRAINT "oidc_sessions_pending_hash_unique" UNIQUE("pending_hash")
);
--> statement-breakpoint
ALTER TABLE "oidc_links" ADD CONSTRAINT "oidc_links_user_uid_users_uid_fk" FOREIGN KEY ("user_uid") REFERENCES "public"."users"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD CONSTRAINT "oidc_sessions_link_uid_oidc_links_uid_fk" FOREIGN KEY ("link_uid") REFERENCES "public"."oidc_links"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD CONSTRAINT "oidc_sessions_family_sessions_family_fk" FOREIGN KEY ("family") REFERENCES "public"."sessions"("family") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_sessions" ADD CONSTRAINT "oidc_sessions_pending_hash_authentication_challenges_token_hash_fk" FOREIGN KEY ("pending_hash") REFERENCES "public"."authentication_challenges"("token_hash") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_links_subject_key" ON "oidc_links" USING btree ("issuer","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oidc_links_user_key" ON "oidc_links" USING btree ("user_uid","issuer");--> statement-breakpoint
CREATE INDEX "oidc_sessions_link_idx" ON "oidc_sessions" USING btree ("link_uid");