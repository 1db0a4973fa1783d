CREATE TABLE "publishing_caps" (
	"plan" text NOT NULL,
	"network" text NOT NULL,
	"monthly_max" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishing_caps_plan_network_pk" PRIMARY KEY("plan","network"),
	CONSTRAINT "publishing_caps_monthly_max_not_negative" CHECK ("publishing_caps"."monthly_max" >= 0)
);
