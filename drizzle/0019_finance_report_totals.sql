CREATE TABLE "finance_cost_of_goods_hours" (
	"hour" timestamp with time zone PRIMARY KEY NOT NULL,
	"cost_cents" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_daily_totals" (
	"day" date NOT NULL,
	"account_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"in_cents" bigint DEFAULT 0 NOT NULL,
	"out_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_daily_totals_day_account_id_category_id_pk" PRIMARY KEY("day","account_id","category_id")
);
