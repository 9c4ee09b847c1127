CREATE TYPE "public"."todo_priority" AS ENUM('low', 'normal', 'high');--> statement-breakpoint
CREATE TABLE "todos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"due_on" date,
	"due_time" time,
	"assignee_id" uuid,
	"merchant_id" uuid,
	"priority" "todo_priority" DEFAULT 'normal' NOT NULL,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"completed_at" timestamp with time zone,
	"completed_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "todos" ADD CONSTRAINT "todos_completed_by_users_id_fk" FOREIGN KEY ("completed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "todos_open_assignee_due_idx" ON "todos" USING btree ("assignee_id","due_on","due_time","id") WHERE "todos"."deleted_at" is null and not "todos"."is_completed";--> statement-breakpoint
CREATE INDEX "todos_open_due_idx" ON "todos" USING btree ("due_on","due_time","id") WHERE "todos"."deleted_at" is null and not "todos"."is_completed";--> statement-breakpoint
CREATE INDEX "todos_completed_idx" ON "todos" USING btree ("assignee_id","completed_at") WHERE "todos"."deleted_at" is null and "todos"."is_completed";--> statement-breakpoint
CREATE INDEX "todos_trash_idx" ON "todos" USING btree ("deleted_at") WHERE "todos"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "todos_merchant_idx" ON "todos" USING btree ("merchant_id","due_on") WHERE "todos"."merchant_id" is not null;--> statement-breakpoint
CREATE INDEX "todos_tags_idx" ON "todos" USING gin ("tags");