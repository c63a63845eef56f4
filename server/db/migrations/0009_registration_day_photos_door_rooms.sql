ALTER TABLE "avatars" ADD COLUMN "rejected_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "avatars" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "exam_examiners" ADD COLUMN "room_id" uuid;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "registration_opens_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "waiting_room" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_examiners" ADD CONSTRAINT "exam_examiners_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_registration_opens_ck" CHECK ("exams"."registration_opens_at" IS NULL OR "exams"."registration_opens_at" < "exams"."registration_ends_at");