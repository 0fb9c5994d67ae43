CREATE TABLE "registry_telemetry_failers" (
	"env" text NOT NULL,
	"remote" text NOT NULL,
	"version" text NOT NULL,
	"client" text NOT NULL,
	CONSTRAINT "registry_telemetry_failers_env_remote_version_client_pk" PRIMARY KEY("env","remote","version","client")
);
