CREATE TYPE "public"."gender" AS ENUM('male', 'female');--> statement-breakpoint
CREATE TYPE "public"."order_purpose" AS ENUM('booking', 'change');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'expired', 'canceled', 'refunded');--> statement-breakpoint
CREATE TYPE "public"."registration_status" AS ENUM('pending', 'register', 'checkin', 'completed', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."result_outcome" AS ENUM('pass', 'fail');--> statement-breakpoint
CREATE TABLE "avatars" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"image" "bytea" NOT NULL,
	"small" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invitation_codes" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"discount_bps" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "invitation_codes_bps_ck" CHECK ("invitation_codes"."discount_bps" BETWEEN 0 AND 10000)
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"registration_id" uuid NOT NULL,
	CONSTRAINT "order_items_order_id_registration_id_pk" PRIMARY KEY("order_id","registration_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "order_purpose" NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"exam_id" uuid NOT NULL,
	"breakdown" jsonb NOT NULL,
	"total_fen" integer NOT NULL,
	"promo_code" varchar(32),
	"provider" varchar(16) NOT NULL,
	"qr_content" text,
	"provider_transaction_id" varchar(64),
	"idempotency_key" varchar(128),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_total_ck" CHECK ("orders"."total_fen" >= 0),
	CONSTRAINT "orders_refund_ck" CHECK ("orders"."refunded_fen" >= 0 AND "orders"."refunded_fen" <= "orders"."total_fen")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" varchar(16) NOT NULL,
	"order_id" uuid,
	"outcome" varchar(32) NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"gender" "gender",
	"email" text DEFAULT '' NOT NULL,
	"contact_phone" varchar(16) DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"id_number" varchar(18) DEFAULT '' NOT NULL,
	"organization_id" uuid,
	"invitation_code" varchar(32),
	"date_of_birth" date,
	"province_code" varchar(2),
	"city_code" varchar(4),
	"avatar_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"discount_bps" integer,
	"amount_fen" integer,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	CONSTRAINT "promo_codes_one_kind_ck" CHECK (("promo_codes"."discount_bps" IS NULL) <> ("promo_codes"."amount_fen" IS NULL)),
	CONSTRAINT "promo_codes_bps_ck" CHECK ("promo_codes"."discount_bps" IS NULL OR "promo_codes"."discount_bps" BETWEEN 0 AND 10000),
	CONSTRAINT "promo_codes_amount_ck" CHECK ("promo_codes"."amount_fen" IS NULL OR "promo_codes"."amount_fen" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_fen" integer NOT NULL,
	"reason" varchar(32) NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"provider_refund_id" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_ck" CHECK ("refunds"."amount_fen" > 0)
);
--> statement-breakpoint
CREATE TABLE "registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"status" "registration_status" DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_in_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" varchar(32)
);
--> statement-breakpoint
CREATE TABLE "results" (
	"registration_id" uuid PRIMARY KEY NOT NULL,
	"outcome" "result_outcome" NOT NULL,
	"certificate_number" varchar(32),
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"amount_fen" integer NOT NULL,
	"description_zh" text NOT NULL,
	"description_en" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"state" varchar(16) DEFAULT 'open' NOT NULL,
	"transaction_id" varchar(64),
	"paid_at" timestamp with time zone,
	"refunded_fen" integer DEFAULT 0 NOT NULL,
	"notify_url" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatars" ADD CONSTRAINT "avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_invitation_code_invitation_codes_code_fk" FOREIGN KEY ("invitation_code") REFERENCES "public"."invitation_codes"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_province_code_provinces_code_fk" FOREIGN KEY ("province_code") REFERENCES "public"."provinces"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_city_code_cities_code_fk" FOREIGN KEY ("city_code") REFERENCES "public"."cities"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "results" ADD CONSTRAINT "results_registration_id_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."registrations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatars_user_idx" ON "avatars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "order_items_registration_idx" ON "order_items" USING btree ("registration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_live_uq" ON "registrations" USING btree ("user_id","exam_id") WHERE "registrations"."status" IN ('pending', 'register', 'checkin');--> statement-breakpoint
CREATE INDEX "registrations_user_idx" ON "registrations" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "registrations_exam_idx" ON "registrations" USING btree ("exam_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "results_certificate_uq" ON "results" USING btree ("certificate_number");