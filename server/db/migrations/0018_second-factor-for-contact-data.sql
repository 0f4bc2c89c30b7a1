-- Customers' contact and health data is what the second factor protects: every role that grants reading it (care:contact)
-- requires one, unless an administrator has already set that role's switch (a role.update event that changed it).
UPDATE "role_permissions" SET "second_factor_required" = true
WHERE 'care:contact' = ANY("permissions") AND NOT "second_factor_required"
  AND NOT EXISTS (SELECT 1 FROM "audit_events" WHERE "audit_events"."action" = 'role.update'
    AND "audit_events"."target_id" = "role_permissions"."role" AND "audit_events"."changes" ? 'second_factor_required');--> statement-breakpoint
-- The grace period of their users starts with the upgrade.
UPDATE "users" SET "second_factor_required_since" = now()
WHERE "second_factor_required_since" IS NULL
  AND EXISTS (SELECT 1 FROM "role_permissions" WHERE "role_permissions"."role" = ANY("users"."roles") AND "role_permissions"."second_factor_required");
