CREATE TABLE "metric_read_caps" (
	"plan" text NOT NULL,
	"network" text NOT NULL,
	"monthly_max" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metric_read_caps_plan_network_pk" PRIMARY KEY("plan","network"),
	CONSTRAINT "metric_read_caps_monthly_max_not_negative" CHECK ("metric_read_caps"."monthly_max" >= 0)
);
--> statement-breakpoint
CREATE TABLE "metric_reads" (
	"user_id" text NOT NULL,
	"network" text NOT NULL,
	"month" text NOT NULL,
	"reads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "metric_reads_user_id_network_month_pk" PRIMARY KEY("user_id","network","month")
);
--> statement-breakpoint
CREATE TABLE "post_metric_snapshots" (
	"publication_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"round" integer NOT NULL,
	"user_id" text NOT NULL,
	"taken_at" timestamp with time zone NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"reposts" integer DEFAULT 0 NOT NULL,
	"replies" integer DEFAULT 0 NOT NULL,
	"quotes" integer DEFAULT 0 NOT NULL,
	"bookmarks" integer,
	"views" integer,
	CONSTRAINT "post_metric_snapshots_publication_id_position_round_pk" PRIMARY KEY("publication_id","position","round")
);
--> statement-breakpoint
CREATE TABLE "post_metric_tracks" (
	"publication_id" uuid PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"account_id" uuid,
	"network" text NOT NULL,
	"next_round" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"stopped_reason" text
);
--> statement-breakpoint
ALTER TABLE "metric_reads" ADD CONSTRAINT "metric_reads_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_snapshots" ADD CONSTRAINT "post_metric_snapshots_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_snapshots" ADD CONSTRAINT "post_metric_snapshots_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_tracks" ADD CONSTRAINT "post_metric_tracks_publication_id_publications_id_fk" FOREIGN KEY ("publication_id") REFERENCES "public"."publications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_tracks" ADD CONSTRAINT "post_metric_tracks_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_metric_tracks" ADD CONSTRAINT "post_metric_tracks_account_id_social_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."social_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_metric_snapshots_user_idx" ON "post_metric_snapshots" USING btree ("user_id","taken_at");--> statement-breakpoint
CREATE INDEX "post_metric_tracks_due_idx" ON "post_metric_tracks" USING btree ("due_at") WHERE "post_metric_tracks"."stopped_reason" is null;