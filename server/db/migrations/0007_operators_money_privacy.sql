CREATE TYPE "public"."promotion_kind" AS ENUM('promotion', 'invitation');--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" "promotion_kind" NOT NULL,
	"discount_bps" integer,
	"amount_fen" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"usage_cap" integer,
	"exam_id" uuid,
	"category_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_one_kind_ck" CHECK (("promotions"."discount_bps" IS NULL) <> ("promotions"."amount_fen" IS NULL)),
	CONSTRAINT "promotions_bps_ck" CHECK ("promotions"."discount_bps" IS NULL OR "promotions"."discount_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "promotions_amount_ck" CHECK ("promotions"."amount_fen" IS NULL OR "promotions"."amount_fen" >= 0),
	CONSTRAINT "promotions_window_ck" CHECK ("promotions"."valid_until" > "promotions"."valid_from"),
	CONSTRAINT "promotions_cap_ck" CHECK ("promotions"."usage_cap" IS NULL OR "promotions"."usage_cap" > 0),
	CONSTRAINT "promotions_one_scope_ck" CHECK ("promotions"."exam_id" IS NULL OR "promotions"."category_id" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_invitation_code_invitation_codes_code_fk";--> statement-breakpoint
INSERT INTO "promotions" ("id", "code", "kind", "discount_bps", "amount_fen", "valid_from", "valid_until", "active")
  SELECT gen_random_uuid(), "code", 'promotion', "discount_bps", "amount_fen", "valid_from", "valid_until", true FROM "promo_codes";--> statement-breakpoint
INSERT INTO "promotions" ("id", "code", "kind", "discount_bps", "valid_from", "valid_until", "active")
  SELECT gen_random_uuid(), "code", 'invitation', "discount_bps", '2000-01-01T00:00:00Z', '2100-01-01T00:00:00Z', "active"
  FROM "invitation_codes" WHERE "code" NOT IN (SELECT "code" FROM "promo_codes");--> statement-breakpoint
DROP TABLE "invitation_codes";--> statement-breakpoint
DROP TABLE "promo_codes";--> statement-breakpoint
DROP INDEX "users_phone_kind_uq";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invitation_code" varchar(32);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "requested_by" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymized_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_uq" ON "promotions" USING btree ("code");--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_invitation_code_promotions_code_fk" FOREIGN KEY ("invitation_code") REFERENCES "public"."promotions"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_kind_uq" ON "users" USING btree ("phone","kind") WHERE "users"."anonymized_at" IS NULL;