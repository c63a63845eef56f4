CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"purpose" varchar(16) NOT NULL,
	"content_type" varchar(32) NOT NULL,
	"bytes" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_examiners" (
	"exam_id" uuid NOT NULL,
	"examiner_id" uuid NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exam_examiners_exam_id_examiner_id_pk" PRIMARY KEY("exam_id","examiner_id")
);
--> statement-breakpoint
CREATE TABLE "examiner_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"identity_id" varchar(18) DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "results_published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "checked_in_by" uuid;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "tax_id" varchar(18) DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "license_id" uuid;--> statement-breakpoint
ALTER TABLE "test_centers" ADD COLUMN "logo_id" uuid;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_examiners" ADD CONSTRAINT "exam_examiners_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_examiners" ADD CONSTRAINT "exam_examiners_examiner_id_users_id_fk" FOREIGN KEY ("examiner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "examiner_profiles" ADD CONSTRAINT "examiner_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "documents_owner_idx" ON "documents" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "exam_examiners_examiner_idx" ON "exam_examiners" USING btree ("examiner_id");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_checked_in_by_users_id_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_license_id_documents_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_logo_id_documents_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_centers" ADD CONSTRAINT "test_centers_owner_uq" UNIQUE("owner_id");