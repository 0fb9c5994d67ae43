CREATE TABLE "registry_telemetry_networks" (
	"env" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"network" text NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "registry_telemetry_networks_env_remote_version_network_pk" PRIMARY KEY("env","remote","version","network")
);
