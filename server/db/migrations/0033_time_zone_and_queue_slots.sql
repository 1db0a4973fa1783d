CREATE TABLE "queue_slots" (
	"account_id" uuid NOT NULL,
	"weekday" integer NOT NULL,
	"time" text NOT NULL,
	CONSTRAINT "queue_slots_account_id_weekday_time_pk" PRIMARY KEY("account_id","weekday","time"),
	CONSTRAINT "queue_slots_weekday_range" CHECK ("queue_slots"."weekday" between 1 and 7),
	CONSTRAINT "queue_slots_time_shape" CHECK ("queue_slots"."time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "time_zone" text DEFAULT 'Europe/Berlin' NOT NULL;--> statement-breakpoint
ALTER TABLE "queue_slots" ADD CONSTRAINT "queue_slots_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE cascade ON UPDATE no action;