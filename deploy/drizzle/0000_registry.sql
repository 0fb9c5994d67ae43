CREATE TABLE "registry_telemetry" (
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"load_failures" integer DEFAULT 0 NOT NULL,
	"mount_failures" integer DEFAULT 0 NOT NULL,
	"total_load_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "registry_telemetry_remote_version_pk" PRIMARY KEY("remote","version")
);
--> statement-breakpoint
CREATE TABLE "registry_rollout_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"env" text NOT NULL,
	"revision" integer NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "registry_rollouts" (
	"env" text PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"doc" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
