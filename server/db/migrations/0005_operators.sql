CREATE TYPE "public"."center_verification_status" AS ENUM('pending', 'approved', 'rejected', 'suspended');--> statement-breakpoint
CREATE TYPE "public"."ops_permission" AS ENUM('centers', 'catalog', 'finance', 'support', 'operators', 'audit');--> statement-breakpoint
ALTER TYPE "public"."user_kind" ADD VALUE 'operator';--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_phone" varchar(16) NOT NULL,
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32) NOT NULL,
	"target_id" text NOT NULL,
	"target_label" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"address" varchar(64) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"permissions" "ops_permission"[] NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"invited_by" uuid,
	"last_login_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "verification_status" "center_verification_status" DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "verification_reason" text;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "verification_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "verification_decided_by" uuid;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "submitted_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at");--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_verification_decided_by_users_id_fk" FOREIGN KEY ("verification_decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Centers that were live before verification existed stay live; from now on a new center waits for an operator.
UPDATE "test_centers" SET "verification_status" = 'approved';--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
