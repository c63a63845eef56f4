CREATE TABLE "exam_rooms" (
	"exam_id" uuid NOT NULL,
	"room_id" uuid NOT NULL,
	CONSTRAINT "exam_rooms_exam_id_room_id_pk" PRIMARY KEY("exam_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"center_id" uuid NOT NULL,
	"name" text NOT NULL,
	"building" text DEFAULT '' NOT NULL,
	"floor" text DEFAULT '' NOT NULL,
	"seats" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rooms_seats_ck" CHECK ("rooms"."seats" > 0)
);
--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "tickets_release_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exams" ADD COLUMN "seats_allocated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "room_id" uuid;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "seat" integer;--> statement-breakpoint
ALTER TABLE "registrations" ADD COLUMN "ticket_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_rooms" ADD CONSTRAINT "exam_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_center_id_test_centers_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."test_centers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exam_rooms_room_idx" ON "exam_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_center_name_uq" ON "rooms" USING btree ("center_id","name");--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_exam_room_fk" FOREIGN KEY ("exam_id","room_id") REFERENCES "public"."exam_rooms"("exam_id","room_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "registrations_seat_uq" ON "registrations" USING btree ("exam_id","room_id","seat") WHERE "registrations"."room_id" IS NOT NULL AND "registrations"."status" IN ('pending', 'register', 'checkin');--> statement-breakpoint
ALTER TABLE "registrations" ADD CONSTRAINT "registrations_seat_ck" CHECK (("registrations"."room_id" IS NULL) = ("registrations"."seat" IS NULL) AND ("registrations"."seat" IS NULL OR "registrations"."seat" > 0));--> statement-breakpoint-- A seat number exists in its room: never more candidates in a room than it holds, whatever writes the rows. Only a
-- row whose room or seat changes is checked, so bookings, payments and check-ins pay nothing for it.
CREATE FUNCTION "registrations_seat_in_room"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.seat > (SELECT seats FROM rooms WHERE id = NEW.room_id) THEN
    RAISE EXCEPTION 'a seat is beyond the seats of its room' USING ERRCODE = 'check_violation', CONSTRAINT = 'registrations_seat_in_room_ck';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "registrations_seat_in_room_insert" BEFORE INSERT ON "registrations" FOR EACH ROW WHEN (NEW.room_id IS NOT NULL) EXECUTE FUNCTION "registrations_seat_in_room"();--> statement-breakpoint
CREATE TRIGGER "registrations_seat_in_room_update" BEFORE UPDATE ON "registrations" FOR EACH ROW WHEN (NEW.room_id IS NOT NULL AND (NEW.room_id IS DISTINCT FROM OLD.room_id OR NEW.seat IS DISTINCT FROM OLD.seat)) EXECUTE FUNCTION "registrations_seat_in_room"();--> statement-breakpoint
-- A room keeps at least as many seats as the highest seat number a live registration holds in it.
CREATE FUNCTION "rooms_seats_cover_allocated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM registrations WHERE room_id = NEW.id AND seat > NEW.seats AND status IN ('pending', 'register', 'checkin')) THEN
    RAISE EXCEPTION 'room % has candidates beyond seat %', NEW.id, NEW.seats USING ERRCODE = 'check_violation', CONSTRAINT = 'rooms_seats_cover_allocated_ck';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "rooms_seats_cover_allocated" BEFORE UPDATE OF seats ON "rooms" FOR EACH ROW EXECUTE FUNCTION "rooms_seats_cover_allocated"();
