CREATE TABLE "traffic_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"visitors" integer DEFAULT 0 NOT NULL,
	"conversions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "traffic_daily_dimension_day_value_pk" PRIMARY KEY("dimension","day","value")
);
--> statement-breakpoint
CREATE TABLE "traffic_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"path" text NOT NULL,
	"is_entry" boolean DEFAULT false NOT NULL,
	"source" text NOT NULL,
	"referrer" text,
	"utm_medium" text,
	"utm_campaign" text,
	"device" text NOT NULL,
	"browser" text NOT NULL,
	"visitor_hash" text
);
--> statement-breakpoint
CREATE TABLE "traffic_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rolled_through" date,
	"ran_at" timestamp with time zone DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "traffic_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "traffic_daily_day_idx" ON "traffic_daily" USING btree ("day");--> statement-breakpoint
CREATE INDEX "traffic_events_day_idx" ON "traffic_events" USING btree ("day");--> statement-breakpoint
CREATE INDEX "traffic_events_at_idx" ON "traffic_events" USING btree ("at");--> statement-breakpoint
-- Sign-in sessions and better-auth's rate limits kept client IPs in clear; from now on they hold a keyed hash
-- (app/lib/ip-hash.server.ts). The clear ones already stored are dropped: limits restart, sessions go on.
UPDATE "session" SET "ip_address" = NULL WHERE "ip_address" IS NOT NULL;--> statement-breakpoint
DELETE FROM "rate_limit";
