CREATE TYPE "public"."exam_status" AS ENUM('active', 'inactive', 'canceled', 'completed');--> statement-breakpoint
CREATE TYPE "public"."user_kind" AS ENUM('individual', 'testCenter', 'examiner');--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"code" varchar(4) PRIMARY KEY NOT NULL,
	"province_code" varchar(2) NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"code" varchar(64) NOT NULL,
	"access_code" varchar(64),
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"category_id" uuid NOT NULL,
	"organization_id" uuid,
	"center_id" uuid NOT NULL,
	"location_zh" text NOT NULL,
	"location_en" text NOT NULL,
	"province_code" varchar(2) NOT NULL,
	"city_code" varchar(4) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"registration_ends_at" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"fee_fen" integer NOT NULL,
	"capacity" integer NOT NULL,
	"seats_taken" integer DEFAULT 0 NOT NULL,
	"status" "exam_status" DEFAULT 'active' NOT NULL,
	"arrival_lead_minutes" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exams_seats_ck" CHECK ("exams"."seats_taken" >= 0 AND "exams"."seats_taken" <= "exams"."capacity"),
	CONSTRAINT "exams_registration_before_start_ck" CHECK ("exams"."registration_ends_at" <= "exams"."starts_at"),
	CONSTRAINT "exams_fee_ck" CHECK ("exams"."fee_fen" >= 0),
	CONSTRAINT "exams_arrival_lead_ck" CHECK ("exams"."arrival_lead_minutes" > 0)
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "otp_codes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"phone" varchar(16) NOT NULL,
	"kind" "user_kind" NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"consumed_at" timestamp with time zone,
	"requester_ip" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provinces" (
	"code" varchar(2) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"name_en" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "test_centers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name_zh" text NOT NULL,
	"name_en" text NOT NULL,
	"province_code" varchar(2) NOT NULL,
	"city_code" varchar(4) NOT NULL,
	"address_zh" text NOT NULL,
	"address_en" text NOT NULL,
	"capacity" integer NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" varchar(16) DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY NOT NULL,
	"phone" varchar(16) NOT NULL,
	"kind" "user_kind" NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"avatar_small" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_center_id_test_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."test_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_code_uq" ON "categories" USING btree ("code");--> statement-breakpoint
CREATE INDEX "cities_province_idx" ON "cities" USING btree ("province_code");--> statement-breakpoint
CREATE UNIQUE INDEX "exams_code_uq" ON "exams" USING btree ("code");--> statement-breakpoint
CREATE INDEX "exams_listing_idx" ON "exams" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "otp_codes_phone_kind_idx" ON "otp_codes" USING btree ("phone","kind","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_kind_uq" ON "users" USING btree ("phone","kind");