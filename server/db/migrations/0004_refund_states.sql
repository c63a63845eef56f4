CREATE TYPE "public"."refund_status" AS ENUM('requested', 'processing', 'succeeded', 'failed');--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount_fen" integer NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_refund_ck";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_booked_fen" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
-- Before, pending (not sent yet) and failed (refused, retried every 20 s) were both still owed: now requested.
ALTER TABLE "refunds" ALTER COLUMN "status" SET DATA TYPE "public"."refund_status" USING (CASE "status" WHEN 'succeeded' THEN 'succeeded' ELSE 'requested' END)::"public"."refund_status";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "status" SET DEFAULT 'requested'::"public"."refund_status";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "last_error" text;--> statement-breakpoint
-- Any 200 from WeChat was recorded as succeeded, even PROCESSING or ABNORMAL: the sweeper asks WeChat about each again.
UPDATE "refunds" SET "status" = 'processing', "completed_at" = NULL FROM "orders" WHERE "orders"."id" = "refunds"."order_id" AND "orders"."provider" = 'wechat' AND "refunds"."status" = 'succeeded';--> statement-breakpoint
-- refunded_fen held what was booked; it now holds what succeeded, and refund_booked_fen what was booked.
UPDATE "orders" SET "refund_booked_fen" = "refunded_fen", "refunded_fen" = COALESCE((SELECT sum("refunds"."amount_fen") FROM "refunds" WHERE "refunds"."order_id" = "orders"."id" AND "refunds"."status" = 'succeeded'), 0) WHERE "refunded_fen" > 0;--> statement-breakpoint
-- An order is refunded once all its money is confirmed back; until then it is what it was before (a closed one took a late payment, mostly after its hold expired).
UPDATE "orders" SET "status" = CASE WHEN "closed_at" IS NULL THEN 'paid'::"public"."order_status" ELSE 'expired'::"public"."order_status" END WHERE "status" = 'refunded' AND "refunded_fen" < "total_fen";--> statement-breakpoint
CREATE INDEX "refunds_due_idx" ON "refunds" USING btree ("next_attempt_at") WHERE "refunds"."status" IN ('requested', 'processing');--> statement-breakpoint
CREATE INDEX "refunds_failed_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" = 'failed';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_ck" CHECK ("orders"."refunded_fen" >= 0 AND "orders"."refunded_fen" <= "orders"."refund_booked_fen" AND "orders"."refund_booked_fen" <= "orders"."total_fen");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_attempts_ck" CHECK ("refunds"."attempts" >= 0);
