CREATE TABLE "credit_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"principal_cents" integer NOT NULL,
	"interest_cents" integer NOT NULL,
	"paid_principal_cents" integer DEFAULT 0 NOT NULL,
	"paid_interest_cents" integer DEFAULT 0 NOT NULL,
	"paid_charges_cents" integer DEFAULT 0 NOT NULL,
	"waived_interest_cents" integer DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "credit_instalments_amounts" CHECK ("credit_instalments"."amount_cents" = "credit_instalments"."principal_cents" + "credit_instalments"."interest_cents" and "credit_instalments"."principal_cents" >= 0 and "credit_instalments"."interest_cents" >= 0 and "credit_instalments"."paid_principal_cents" between 0 and "credit_instalments"."principal_cents" and "credit_instalments"."paid_interest_cents" between 0 and "credit_instalments"."interest_cents" and "credit_instalments"."waived_interest_cents" >= 0 and "credit_instalments"."paid_principal_cents" + "credit_instalments"."paid_interest_cents" + "credit_instalments"."waived_interest_cents" <= "credit_instalments"."amount_cents" and "credit_instalments"."paid_charges_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_payment_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"instalment_id" integer NOT NULL,
	"charges_cents" integer DEFAULT 0 NOT NULL,
	"interest_cents" integer DEFAULT 0 NOT NULL,
	"principal_cents" integer DEFAULT 0 NOT NULL,
	"waived_interest_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"charges_cents" integer DEFAULT 0 NOT NULL,
	"interest_cents" integer DEFAULT 0 NOT NULL,
	"principal_cents" integer DEFAULT 0 NOT NULL,
	"waived_interest_cents" integer DEFAULT 0 NOT NULL,
	"register_entry_id" integer,
	"business_date" date NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	CONSTRAINT "credit_payments_split" CHECK ("credit_payments"."amount_cents" > 0 and "credit_payments"."amount_cents" = "credit_payments"."charges_cents" + "credit_payments"."interest_cents" + "credit_payments"."principal_cents")
);
--> statement-breakpoint
CREATE TABLE "credit_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"sale_id" integer,
	"service_order_id" integer,
	"debt_id" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"cash_price_cents" integer NOT NULL,
	"down_payment_cents" integer DEFAULT 0 NOT NULL,
	"fee_cents" integer DEFAULT 0 NOT NULL,
	"financed_cents" integer NOT NULL,
	"instalment_count" integer NOT NULL,
	"monthly_rate_basis_points" integer NOT NULL,
	"yearly_rate_basis_points" integer NOT NULL,
	"cet_monthly_basis_points" integer NOT NULL,
	"cet_yearly_basis_points" integer NOT NULL,
	"contract_date" date NOT NULL,
	"first_due_date" date NOT NULL,
	"instalment_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"late_fee_basis_points" integer NOT NULL,
	"late_interest_monthly_basis_points" integer NOT NULL,
	"disclosure" jsonb NOT NULL,
	"offer_valid_until" date NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_label" text,
	"cancel_reason" text,
	"created_by_user_id" text,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "credit_plans_one_origin" CHECK (num_nonnulls("credit_plans"."sale_id", "credit_plans"."service_order_id", "credit_plans"."debt_id") = 1),
	CONSTRAINT "credit_plans_amounts" CHECK ("credit_plans"."financed_cents" > 0 and "credit_plans"."down_payment_cents" >= 0 and "credit_plans"."fee_cents" >= 0 and "credit_plans"."financed_cents" = "credit_plans"."cash_price_cents" - "credit_plans"."down_payment_cents"),
	CONSTRAINT "credit_plans_count" CHECK ("credit_plans"."instalment_count" between 1 and 24),
	CONSTRAINT "credit_plans_rate" CHECK ("credit_plans"."monthly_rate_basis_points" >= 0),
	CONSTRAINT "credit_plans_late_fee" CHECK ("credit_plans"."late_fee_basis_points" between 0 and 200)
);
--> statement-breakpoint
CREATE TABLE "debt_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"contacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"owed_cents" integer,
	"actor_user_id" text,
	"actor_label" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "debt_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"debt_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"method" text NOT NULL,
	"register_entry_id" integer,
	"business_date" date NOT NULL,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" text,
	"actor_label" text NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "debt_payments_amount" CHECK ("debt_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "debts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"sale_id" integer,
	"description" text NOT NULL,
	"revenue_source" text DEFAULT 'services' NOT NULL,
	"amount_cents" integer NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"incurred_on" date NOT NULL,
	"due_date" date NOT NULL,
	"settled_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_label" text,
	"cancel_reason" text,
	"created_by_user_id" text,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "debts_amounts" CHECK ("debts"."amount_cents" > 0 and "debts"."paid_cents" between 0 and "debts"."amount_cents")
);
--> statement-breakpoint
CREATE TABLE "card_fee_rates" (
	"method" text NOT NULL,
	"instalments" integer NOT NULL,
	"fee_basis_points" integer NOT NULL,
	"settlement_days" integer NOT NULL,
	CONSTRAINT "card_fee_rates_method_instalments_pk" PRIMARY KEY("method","instalments"),
	CONSTRAINT "card_fee_rates_values" CHECK ("card_fee_rates"."fee_basis_points" between 0 and 10000 and "card_fee_rates"."settlement_days" between 0 and 400 and "card_fee_rates"."instalments" between 1 and 24)
);
--> statement-breakpoint
CREATE TABLE "card_receivables" (
	"id" serial PRIMARY KEY NOT NULL,
	"register_entry_id" integer NOT NULL,
	"instalment_number" integer NOT NULL,
	"instalment_count" integer NOT NULL,
	"expected_date" date NOT NULL,
	"gross_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"net_cents" integer NOT NULL,
	"acquirer_account_id" integer NOT NULL,
	"settlement_account_id" integer NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_receivables_amounts" CHECK ("card_receivables"."net_cents" = "card_receivables"."gross_cents" - "card_receivables"."fee_cents" and "card_receivables"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "finance_account_roles" (
	"role" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"opening_balance_cents" integer DEFAULT 0 NOT NULL,
	"opening_date" date NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "finance_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"direction" text NOT NULL,
	"result_line" text NOT NULL,
	"system_key" text,
	"position" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "finance_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"due_date" date NOT NULL,
	"paid_date" date,
	"method" text,
	"account_id" integer,
	"counterparty" text DEFAULT '' NOT NULL,
	"customer_id" integer,
	"recurring_id" integer,
	"instalment_group" text,
	"instalment_number" integer,
	"instalment_count" integer,
	"origin_kind" text,
	"origin_id" integer,
	"notes" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_label" text,
	"cancel_reason" text,
	"created_by_user_id" text,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "finance_entries_amount" CHECK ("finance_entries"."amount_cents" > 0),
	CONSTRAINT "finance_entries_paid_has_account" CHECK ("finance_entries"."paid_date" is null or "finance_entries"."account_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "finance_recurring" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"description" text NOT NULL,
	"category_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"day_of_month" integer NOT NULL,
	"start_month" text NOT NULL,
	"end_month" text,
	"counterparty" text DEFAULT '' NOT NULL,
	"account_id" integer,
	"generated_through" text,
	"archived_at" timestamp with time zone,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_demo" boolean DEFAULT false NOT NULL,
	CONSTRAINT "finance_recurring_amount" CHECK ("finance_recurring"."amount_cents" > 0),
	CONSTRAINT "finance_recurring_day" CHECK ("finance_recurring"."day_of_month" between 1 and 31)
);
--> statement-breakpoint
CREATE TABLE "finance_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"transfer_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"origin_kind" text,
	"origin_id" integer,
	"cancelled_at" timestamp with time zone,
	"created_by_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "finance_transfers_amount" CHECK ("finance_transfers"."amount_cents" > 0),
	CONSTRAINT "finance_transfers_accounts" CHECK ("finance_transfers"."from_account_id" <> "finance_transfers"."to_account_id")
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_credit_monthly_rate_basis_points" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "credit_late_fee_basis_points" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "credit_late_interest_monthly_basis_points" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_instalments" ADD CONSTRAINT "credit_instalments_plan_id_credit_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."credit_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_instalments" ADD CONSTRAINT "credit_instalments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payment_items" ADD CONSTRAINT "credit_payment_items_payment_id_credit_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."credit_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payment_items" ADD CONSTRAINT "credit_payment_items_instalment_id_credit_instalments_id_fk" FOREIGN KEY ("instalment_id") REFERENCES "public"."credit_instalments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_plan_id_credit_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."credit_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_register_entry_id_register_entries_id_fk" FOREIGN KEY ("register_entry_id") REFERENCES "public"."register_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_service_order_id_service_orders_id_fk" FOREIGN KEY ("service_order_id") REFERENCES "public"."service_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_debt_id_debts_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."debts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_plans" ADD CONSTRAINT "credit_plans_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_contacts" ADD CONSTRAINT "debt_contacts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_contacts" ADD CONSTRAINT "debt_contacts_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_payments" ADD CONSTRAINT "debt_payments_debt_id_debts_id_fk" FOREIGN KEY ("debt_id") REFERENCES "public"."debts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_payments" ADD CONSTRAINT "debt_payments_register_entry_id_register_entries_id_fk" FOREIGN KEY ("register_entry_id") REFERENCES "public"."register_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debt_payments" ADD CONSTRAINT "debt_payments_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debts" ADD CONSTRAINT "debts_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_receivables" ADD CONSTRAINT "card_receivables_register_entry_id_register_entries_id_fk" FOREIGN KEY ("register_entry_id") REFERENCES "public"."register_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_receivables" ADD CONSTRAINT "card_receivables_acquirer_account_id_finance_accounts_id_fk" FOREIGN KEY ("acquirer_account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_receivables" ADD CONSTRAINT "card_receivables_settlement_account_id_finance_accounts_id_fk" FOREIGN KEY ("settlement_account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_account_roles" ADD CONSTRAINT "finance_account_roles_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_category_id_finance_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_recurring_id_finance_recurring_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."finance_recurring"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_entries" ADD CONSTRAINT "finance_entries_created_by_user_id_user_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_recurring" ADD CONSTRAINT "finance_recurring_category_id_finance_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."finance_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_recurring" ADD CONSTRAINT "finance_recurring_account_id_finance_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD CONSTRAINT "finance_transfers_from_account_id_finance_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_transfers" ADD CONSTRAINT "finance_transfers_to_account_id_finance_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."finance_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_instalments_plan_number_idx" ON "credit_instalments" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "credit_instalments_open_idx" ON "credit_instalments" USING btree ("customer_id","due_date") WHERE "credit_instalments"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "credit_instalments_open_due_idx" ON "credit_instalments" USING btree ("due_date") WHERE "credit_instalments"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "credit_payment_items_payment_idx" ON "credit_payment_items" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "credit_payment_items_instalment_idx" ON "credit_payment_items" USING btree ("instalment_id");--> statement-breakpoint
CREATE INDEX "credit_payments_plan_idx" ON "credit_payments" USING btree ("plan_id","paid_at");--> statement-breakpoint
CREATE INDEX "credit_plans_customer_idx" ON "credit_plans" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "credit_plans_status_idx" ON "credit_plans" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_plans_sale_idx" ON "credit_plans" USING btree ("sale_id") WHERE "credit_plans"."sale_id" is not null and "credit_plans"."status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "credit_plans_order_idx" ON "credit_plans" USING btree ("service_order_id") WHERE "credit_plans"."service_order_id" is not null and "credit_plans"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "debt_contacts_customer_idx" ON "debt_contacts" USING btree ("customer_id","contacted_at");--> statement-breakpoint
CREATE INDEX "debt_payments_debt_idx" ON "debt_payments" USING btree ("debt_id");--> statement-breakpoint
CREATE INDEX "debts_open_idx" ON "debts" USING btree ("customer_id","due_date") WHERE "debts"."settled_at" is null and "debts"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "debts_sale_idx" ON "debts" USING btree ("sale_id") WHERE "debts"."sale_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "card_receivables_entry_idx" ON "card_receivables" USING btree ("register_entry_id","instalment_number");--> statement-breakpoint
CREATE INDEX "card_receivables_expected_idx" ON "card_receivables" USING btree ("expected_date");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_accounts_name_idx" ON "finance_accounts" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "finance_categories_system_key_idx" ON "finance_categories" USING btree ("system_key") WHERE "finance_categories"."system_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_categories_name_idx" ON "finance_categories" USING btree ("direction",lower("name"));--> statement-breakpoint
CREATE INDEX "finance_entries_paid_idx" ON "finance_entries" USING btree ("paid_date","category_id") WHERE "finance_entries"."cancelled_at" is null and "finance_entries"."paid_date" is not null;--> statement-breakpoint
CREATE INDEX "finance_entries_open_idx" ON "finance_entries" USING btree ("due_date") WHERE "finance_entries"."cancelled_at" is null and "finance_entries"."paid_date" is null;--> statement-breakpoint
CREATE INDEX "finance_entries_due_idx" ON "finance_entries" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "finance_entries_account_idx" ON "finance_entries" USING btree ("account_id","paid_date");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_entries_origin_idx" ON "finance_entries" USING btree ("origin_kind","origin_id","category_id") WHERE "finance_entries"."origin_kind" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "finance_entries_recurring_idx" ON "finance_entries" USING btree ("recurring_id","due_date") WHERE "finance_entries"."recurring_id" is not null;--> statement-breakpoint
CREATE INDEX "finance_transfers_date_idx" ON "finance_transfers" USING btree ("transfer_date");--> statement-breakpoint
CREATE UNIQUE INDEX "finance_transfers_origin_idx" ON "finance_transfers" USING btree ("origin_kind","origin_id") WHERE "finance_transfers"."origin_kind" is not null;--> statement-breakpoint
-- Where the other modules' money lands until the owner re-points it (/financial-management, Contas).
INSERT INTO "finance_accounts" ("name", "kind", "opening_balance_cents", "opening_date", "position") VALUES
  ('Caixa (gaveta)', 'cash-drawer', 0, current_date, 1),
  ('Conta bancária', 'bank', 0, current_date, 2),
  ('Maquininha de cartão', 'card-acquirer', 0, current_date, 3),
  ('Cofre', 'other', 0, current_date, 4);--> statement-breakpoint
INSERT INTO "finance_account_roles" ("role", "account_id")
  SELECT r.role, a.id FROM (VALUES
    ('cash-drawer', 'Caixa (gaveta)'),
    ('pix', 'Conta bancária'),
    ('card', 'Maquininha de cartão'),
    ('card-settlement', 'Conta bancária'),
    ('withdrawal', 'Cofre')
  ) AS r(role, account) JOIN "finance_accounts" a ON a.name = r.account;--> statement-breakpoint
-- The month result's lines, as Brazilian small businesses read them. system_key: used by automatic postings.
INSERT INTO "finance_categories" ("name", "direction", "result_line", "system_key", "position") VALUES
  ('Serviços', 'in', 'gross-revenue', 'revenue-services', 1),
  ('Produtos', 'in', 'gross-revenue', 'revenue-products', 2),
  ('Impressão e design', 'in', 'gross-revenue', 'revenue-printing-design', 3),
  ('Juros do crediário', 'in', 'other-result', 'credit-interest', 4),
  ('Multas e juros de atraso', 'in', 'other-result', 'late-charges', 5),
  ('Sobra de caixa', 'in', 'other-result', 'cash-surplus', 6),
  ('Outras receitas', 'in', 'other-result', 'other-income', 7),
  ('Aportes e empréstimos recebidos', 'in', 'outside-result', 'capital-in', 8),
  ('Impostos sobre vendas (DAS)', 'out', 'deduction', 'tax', 10),
  ('Devoluções', 'out', 'deduction', 'returns', 11),
  ('Descontos concedidos', 'out', 'deduction', 'discounts', 12),
  ('Peças e serviços de terceiros', 'out', 'cost-of-goods', 'third-party-costs', 13),
  ('Aluguel e condomínio', 'out', 'operating-expense', 'rent', 14),
  ('Salários e encargos', 'out', 'operating-expense', 'payroll', 15),
  ('Pró-labore e retiradas do dono', 'out', 'operating-expense', 'owner-draw', 16),
  ('Água, luz, telefone e internet', 'out', 'operating-expense', 'utilities', 17),
  ('Taxas de cartão', 'out', 'operating-expense', 'card-fees', 18),
  ('Sistemas e assinaturas', 'out', 'operating-expense', 'software', 19),
  ('Marketing e anúncios', 'out', 'operating-expense', 'marketing', 20),
  ('Contador', 'out', 'operating-expense', 'accounting', 21),
  ('Outras despesas', 'out', 'operating-expense', 'other-expense', 22),
  ('Juros e tarifas bancárias', 'out', 'other-result', 'bank-fees', 23),
  ('Falta de caixa', 'out', 'other-result', 'cash-shortage', 24),
  ('Compra de mercadorias e peças', 'out', 'outside-result', 'stock-purchases', 25),
  ('Pagamento de empréstimos', 'out', 'outside-result', 'loan-payments', 26);--> statement-breakpoint
-- Usual acquirer fees in Brazil in 2026; the owner sets the shop's own (/financial-management, Cartões).
INSERT INTO "card_fee_rates" ("method", "instalments", "fee_basis_points", "settlement_days")
  SELECT 'debit', 1, 199, 1
  UNION ALL SELECT 'credit', n, CASE WHEN n = 1 THEN 349 WHEN n <= 6 THEN 459 ELSE 559 END, 30 FROM generate_series(1, 12) AS n;--> statement-breakpoint
-- Sales left owed by crediário before plans existed become debts (the debtors page lists them; each can become a plan).
INSERT INTO "debts" ("customer_id", "kind", "sale_id", "description", "amount_cents", "incurred_on", "due_date", "created_by_label")
  SELECT e.customer_id, 'sale', s.id, 'Venda ' || s.code || ' (crediário)', sum(e.amount_cents), min(e.business_date), min(e.business_date) + 30, 'Migração'
  FROM "register_entries" e JOIN "sales" s ON s.id = e.sale_id
  WHERE e.method = 'crediario' AND e.cancelled_at IS NULL AND s.status = 'completed' AND e.customer_id IS NOT NULL
  GROUP BY e.customer_id, s.id, s.code
  HAVING sum(e.amount_cents) > 0;
