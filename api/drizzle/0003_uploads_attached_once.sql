ALTER TABLE "uploads" ADD COLUMN "attached_at" timestamp with time zone;--> statement-breakpoint
UPDATE "uploads" SET "attached_at" = "created_at" WHERE "id" IN (SELECT "image_id" FROM "support_messages" WHERE "image_id" IS NOT NULL);
