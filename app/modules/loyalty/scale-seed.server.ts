import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";

/**
 * The scale data's points (`npm run db:seed -- --scale`, the benches): the
 * ledger the app would have written for the last 13 months of payments
 * (service order payments and register entries that earn), 10 points per
 * R$ 200,00 cumulative per customer with the carry, each valid a year; so a
 * month of it has lapsed and waits for the expiry job. Straight SQL, as the
 * other scale seeds write (the trigger keeps loyalty_balances). Skipped
 * when the ledger already has entries.
 */
export async function seedLoyaltyScale(db: Database, now = new Date()) {
  const [existing] = (await db.execute(sql`select count(*)::int as total from loyalty_entries`)).rows as { total: number }[];
  if ((existing?.total ?? 0) > 0) return { entries: 0 };
  const since = new Date(now.getTime() - 395 * 86_400_000).toISOString();
  await db.execute(sql`
    insert into loyalty_entries (customer_id, kind, points, paid_cents, carry_cents, register_entry_id, service_order_id, sale_id,
      description, occurred_at, expires_at, actor_label)
    select customer_id, 'earned',
      ((cumulative / 20000) - ((cumulative - amount) / 20000)) * 10,
      amount, cumulative % 20000, register_entry_id, service_order_id, sale_id,
      'Pagamento (dados de escala)', paid_at, paid_at + interval '1 year', 'dados de escala'
    from (
      select *, sum(amount) over (partition by customer_id order by paid_at, seq) as cumulative
      from (
        select o.customer_id, p.amount_cents::bigint as amount, null::int as register_entry_id, o.id as service_order_id,
          null::int as sale_id, p.paid_at, p.id as seq
        from service_order_payments p join service_orders o on o.id = p.order_id
        where p.paid_at >= ${since} and p.method in ('cash', 'pix', 'debit', 'credit') and p.amount_cents > 0
        union all
        select r.customer_id, r.amount_cents::bigint, r.id, null, r.sale_id, r.created_at, 1000000000 + r.id
        from register_entries r
        where r.customer_id is not null and r.cancelled_at is null and r.created_at >= ${since}
          and r.kind in ('sale', 'credit-payment', 'debt-payment') and r.method not in ('crediario', 'store-credit') and r.amount_cents > 0
      ) payments
    ) running
    order by customer_id, paid_at`);
  // Some customers high up the levels (a campaign's adjustments over the year), so every level and the "close" list have rows.
  await db.execute(sql`
    insert into loyalty_entries (customer_id, kind, points, reason, description, occurred_at, expires_at, actor_label)
    select id, 'adjustment', 300 + (id * 7919 % 5700), 'Campanha (dados de escala)', 'Ajuste manual', at, at + interval '1 year', 'dados de escala'
    from (
      select id, ${now.toISOString()}::timestamptz - make_interval(days => (id * 31 % 360)::int) as at
      from customers where id % 20 = 0
    ) chosen
    order by id`);
  const [written] = (await db.execute(sql`select count(*)::int as total from loyalty_entries`)).rows as { total: number }[];
  await db.execute(sql`analyze loyalty_entries`);
  await db.execute(sql`analyze loyalty_balances`);
  return { entries: written?.total ?? 0 };
}
