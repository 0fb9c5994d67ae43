ALTER TABLE "registry_telemetry" ADD COLUMN "env" text DEFAULT 'production' NOT NULL;--> statement-breakpoint
ALTER TABLE "registry_telemetry" DROP CONSTRAINT "registry_telemetry_remote_version_pk";--> statement-breakpoint
ALTER TABLE "registry_telemetry" ADD CONSTRAINT "registry_telemetry_env_remote_version_pk" PRIMARY KEY("env","remote","version");
