CREATE TABLE "group_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"coordinator_id" uuid NOT NULL,
	"exam_id" uuid NOT NULL,
	"coordinator_name" text NOT NULL,
	"coordinator_phone" varchar(16) NOT NULL,
	"organization" text NOT NULL,
	"upload" jsonb,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_registrations" ADD CONSTRAINT "group_registrations_coordinator_id_users_id_fk" FOREIGN KEY ("coordinator_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_registrations" ADD CONSTRAINT "group_registrations_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_registrations" ADD CONSTRAINT "group_registrations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_registrations_coordinator_idx" ON "group_registrations" USING btree ("coordinator_id","created_at");