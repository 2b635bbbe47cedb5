import { and, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { profiles } from "~/db/schema/accounts";
import { auditLog } from "~/db/schema/audit";
import { allowAuditRedactionInTx } from "~/modules/audit/redaction.server";
import { user, verification } from "~/db/schema/auth";
import { sales } from "~/db/schema/cash-register";
import { contactMessages } from "~/db/schema/contact";
import { creditPlans, debts } from "~/db/schema/credit";
import { customerAccountLinks, customers } from "~/db/schema/customers";
import { issuedDocuments } from "~/db/schema/print-documents";
import { serviceOrderPayments, serviceOrders } from "~/db/schema/service-orders";
import { warranties } from "~/db/schema/warranties";
import { phoneDigits } from "~/lib/phone";
import type { Actor } from "~/modules/accounts/roles";
import { recordAudit } from "~/modules/audit/record-audit.server";
import { openClaimsOf } from "./claims.server";
import { AnonymisationRefusedError } from "./errors";
import { anonymisedLabel, redactorFor, type PersonalIdentifiers, type Redactor } from "./redaction";

/** The records of one person: customer records and the sign-in accounts that see them. */
export type PersonRecords = { customerIds: number[]; userIds: string[] };

/** The customer sign-in accounts that see these records: same verified e-mail (not unlinked), or linked by staff. Staff accounts are never among them. */
export async function accountsOfCustomersInTx(tx: Transaction, customerIds: readonly number[]): Promise<string[]> {
  if (customerIds.length === 0) return [];
  const result = await tx.execute(sql`
    select u.id from ${user} u
    where coalesce(u.role, 'customer') = 'customer' and (
      exists (select 1 from ${customerAccountLinks} l where l.user_id = u.id and l.state = 'linked'
              and l.customer_id in (${sql.join(
                customerIds.map((id) => sql`${id}`),
                sql`, `,
              )}))
      or (u.email_verified and exists (
        select 1 from ${customers} c where c.id in (${sql.join(
          customerIds.map((id) => sql`${id}`),
          sql`, `,
        )})
          and c.email <> '' and lower(c.email) = lower(u.email)
          and not exists (select 1 from ${customerAccountLinks} l where l.user_id = u.id and l.customer_id = c.id and l.state = 'unlinked'))))`);
  return (result.rows as { id: string }[]).map(({ id }) => id);
}

async function identifiersOf(tx: Transaction, records: PersonRecords): Promise<PersonalIdentifiers> {
  const rows = records.customerIds.length
    ? await tx.select().from(customers).where(inArray(customers.id, records.customerIds))
    : [];
  const accounts = records.userIds.length
    ? await tx
        .select({ name: user.name, email: user.email, fullName: profiles.fullName })
        .from(user)
        .leftJoin(profiles, eq(profiles.userId, user.id))
        .where(inArray(user.id, records.userIds))
    : [];
  return {
    names: [...rows.map((row) => row.name), ...accounts.flatMap((account) => [account.name, account.fullName ?? ""])],
    emails: [...rows.map((row) => row.email), ...accounts.map((account) => account.email)],
    phones: rows.map((row) => phoneDigits(row.phone)),
    documents: rows.map((row) => row.document ?? ""),
  };
}

/**
 * Reads the rows `where` selects, redacts the given text/jsonb columns in
 * JavaScript, and writes back only the rows that changed. `key` is the
 * table's primary key column.
 */
async function redactColumns(
  tx: Transaction,
  table: string,
  key: string,
  columns: readonly string[],
  where: SQL,
  redact: Redactor,
  { json = [] as readonly string[] } = {},
) {
  const selected = sql.join([sql.identifier(key), ...columns.map((column) => sql.identifier(column))], sql`, `);
  const result = await tx.execute(sql`select ${selected} from ${sql.identifier(table)} where ${where}`);
  let changed = 0;
  for (const row of result.rows as Record<string, unknown>[]) {
    const sets = redactedSets(row, columns, json, redact);
    if (sets.length === 0) continue;
    await tx.execute(
      sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ${sql.identifier(key)} = ${row[key]}`,
    );
    changed++;
  }
  return changed;
}

/**
 * Tables the sweep leaves alone: other customers' records (a family may share
 * a phone) and the team's accounts (a staff member may use the same e-mail);
 * the person's own rows there were handled above.
 */
const NOT_SWEPT: ReadonlySet<string> = new Set(["customers", "user", "profiles", "staff_invites"]);

/** The alias of a row's ctid in the sweep (no table has a column by that name). */
const ROW_LOCATION = "privacy_sweep_row";

/** The SET clauses that redact a row's text and jsonb columns; empty when nothing in it changes. */
function redactedSets(
  row: Record<string, unknown>,
  columns: readonly string[],
  jsonColumns: readonly string[],
  redact: Redactor,
) {
  const sets: SQL[] = [];
  for (const column of columns) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (jsonColumns.includes(column)) {
      const parsed = typeof value === "string" ? (JSON.parse(value) as unknown) : value;
      const redacted = redact.json(parsed);
      if (JSON.stringify(redacted) !== JSON.stringify(parsed))
        sets.push(sql`${sql.identifier(column)} = ${JSON.stringify(redacted)}::jsonb`);
    } else if (typeof value === "string") {
      const redacted = redact.text(value);
      if (redacted !== value) sets.push(sql`${sql.identifier(column)} = ${redacted}`);
    }
  }
  return sets;
}

const ids = (values: readonly number[]) => (values.length ? values : [-1]);

/** `column like p1 or column like p2 …` (false for none). */
function likeAny(column: SQL | SQL.Aliased | unknown, patterns: readonly string[]): SQL {
  if (patterns.length === 0) return sql`false`;
  return sql`(${sql.join(
    patterns.map((pattern) => sql`${column} like ${pattern}`),
    sql` or `,
  )})`;
}

/**
 * Every text and jsonb column of every table (generated columns aside),
 * searched for the person's e-mails, phones and documents, which identify
 * no one else: a table added after this was written is still covered.
 * Names are not swept (two people share a name); the passes above replace
 * them in the person's own rows.
 */
async function sweepIdentifiers(tx: Transaction, identifiers: PersonalIdentifiers, redact: Redactor) {
  const needles = [
    ...identifiers.emails.filter((email) => email.length >= 3).map((email) => email.toLowerCase()),
    ...[...identifiers.phones, ...identifiers.documents].filter((value) => value.length >= 8),
  ];
  if (needles.length === 0) return 0;
  const columns = await tx.execute(sql`
    select c.table_name, c.column_name, c.data_type
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema = 'public' and c.data_type in ('text', 'character varying', 'jsonb', 'json')
      and coalesce(c.is_generated, 'NEVER') = 'NEVER'
    order by c.table_name, c.ordinal_position`);
  const byTable = new Map<string, { text: string[]; json: string[] }>();
  for (const row of columns.rows as { table_name: string; column_name: string; data_type: string }[]) {
    if (NOT_SWEPT.has(row.table_name)) continue;
    const entry = byTable.get(row.table_name) ?? { text: [], json: [] };
    (row.data_type.startsWith("json") ? entry.json : entry.text).push(row.column_name);
    byTable.set(row.table_name, entry);
  }
  // A digit string matches however it was punctuated: the SQL pattern lets anything but a digit sit between digits.
  const patterns = needles.map((needle) =>
    /^\d+$/.test(needle) ? [...needle].join("[^0-9]{0,3}") : needle.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
  );
  let changed = 0;
  for (const [table, { text, json }] of byTable) {
    const all = [...text, ...json];
    const matches = sql.join(
      all.flatMap((column) => patterns.map((pattern) => sql`${sql.identifier(column)}::text ~* ${pattern}`)),
      sql` or `,
    );
    // Rows have no common key: ctid names the row for the read and the write in this transaction.
    const result = await tx.execute(
      sql`select ctid::text as ${sql.identifier(ROW_LOCATION)}, ${sql.join(
        all.map((column) => sql.identifier(column)),
        sql`, `,
      )} from ${sql.identifier(table)} where ${matches}`,
    );
    for (const row of result.rows as Record<string, unknown>[]) {
      const sets = redactedSets(row, all, json, redact);
      if (sets.length === 0) continue;
      await tx.execute(
        sql`update ${sql.identifier(table)} set ${sql.join(sets, sql`, `)} where ctid = ${row[ROW_LOCATION]}::tid`,
      );
      changed++;
    }
  }
  return changed;
}

export type AnonymisationResult = { customerIds: number[]; removedAccounts: number; label: string };

/**
 * The anonymiser (LGPD arts. 16 and 18): refused while the shop has a claim
 * (openClaimsOf); otherwise replaces, in place, the person's name, phone,
 * e-mail, CPF/CNPJ, address and photo in their customer records, the
 * documents issued to them, the records of their orders, sales, crediário
 * and debts, and the audit log's details, by "Cliente anonimizado nº <id>",
 * keeping every amount, date and status (the fiscal and financial records
 * the law requires: CTN art. 195, Código Civil art. 1.194). Unlock codes are
 * erased. Their sign-in accounts are deleted (sessions, passwords and links
 * with them). The caller checks who may do it; this records it in the audit
 * log, with ids and counts only.
 */
export async function anonymisePersonInTx(
  tx: Transaction,
  actor: Actor,
  records: PersonRecords,
  { reason }: { reason: "owner" | "deletion-request" },
): Promise<AnonymisationResult> {
  const customerIds = [...new Set(records.customerIds)].sort((a, b) => a - b);
  const userIds = [...new Set(records.userIds)];
  // Lock the records first: a payment or a new order for them waits until this commits.
  if (customerIds.length)
    await tx.select({ id: customers.id }).from(customers).where(inArray(customers.id, customerIds)).for("update");
  const claims = await openClaimsOf(tx, customerIds);
  if (claims.length > 0) throw new AnonymisationRefusedError(claims);
  // The audit log refuses every change but this one: personal data inside its entries (decision 0028).
  await allowAuditRedactionInTx(tx);

  const label = customerIds.length ? anonymisedLabel(customerIds[0]!) : anonymisedLabel(`da conta ${userIds.length}`);
  const identifiers = await identifiersOf(tx, { customerIds, userIds });
  const redact = redactorFor(identifiers, label);

  for (const id of customerIds) {
    await tx
      .update(customers)
      .set({
        name: anonymisedLabel(id),
        phone: "",
        document: null,
        email: "",
        cep: "",
        address: "",
        district: "",
        city: "",
        state: "",
        notes: "",
        marketingConsent: false,
        marketingConsentAt: null,
        updatedAt: new Date(),
      })
      .where(eq(customers.id, id));
  }

  const orderRows = await tx
    .select({ id: serviceOrders.id })
    .from(serviceOrders)
    .where(inArray(serviceOrders.customerId, ids(customerIds)));
  const orderIds = orderRows.map(({ id }) => id);
  const saleRows = await tx
    .select({ id: sales.id })
    .from(sales)
    .where(inArray(sales.customerId, ids(customerIds)));
  const saleIds = saleRows.map(({ id }) => id);
  const planRows = await tx
    .select({ id: creditPlans.id })
    .from(creditPlans)
    .where(inArray(creditPlans.customerId, ids(customerIds)));
  const planIds = planRows.map(({ id }) => id);
  const debtRows = await tx
    .select({ id: debts.id })
    .from(debts)
    .where(inArray(debts.customerId, ids(customerIds)));
  const debtIds = debtRows.map(({ id }) => id);
  const warrantyRows = await tx
    .select({ id: warranties.id })
    .from(warranties)
    .where(inArray(warranties.customerId, ids(customerIds)));
  const warrantyIds = warrantyRows.map(({ id }) => id);

  // Orders: who collected the device (a name and maybe a document) is the customer's side; unlock codes go.
  await tx
    .update(serviceOrders)
    .set({
      deliveredTo: sql`case when ${serviceOrders.deliveredTo} is null then null else ${label} end`,
      unlockKind: null,
      unlockSecret: null,
    })
    .where(inArray(serviceOrders.id, ids(orderIds)));
  const inOrders = (column: string) =>
    sql`${sql.identifier(column)} in (${sql.join(
      ids(orderIds).map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const inList = (column: string, values: readonly number[]) =>
    sql`${sql.identifier(column)} in (${sql.join(
      ids(values).map((id) => sql`${id}`),
      sql`, `,
    )})`;
  const byUser = userIds.length
    ? sql`actor_user_id in (${sql.join(
        userIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql`false`;

  await redactColumns(
    tx,
    "service_orders",
    "id",
    ["notes", "condition_notes", "reported_defect", "diagnosis", "parts_consent_by"],
    inOrders("id"),
    redact,
  );
  await redactColumns(
    tx,
    "service_order_status_events",
    "id",
    ["note", "actor_label"],
    sql`${inOrders("order_id")} or ${byUser}`,
    redact,
  );
  await redactColumns(tx, "pickup_contact_attempts", "id", ["note", "actor_label"], inOrders("order_id"), redact);
  await redactColumns(tx, "service_order_payments", "id", ["note"], inOrders("order_id"), redact);
  await tx
    .update(warranties)
    .set({ customerName: label })
    .where(inArray(warranties.id, ids(warrantyIds)));
  await redactColumns(tx, "warranty_claims", "id", ["reported_defect"], inList("warranty_id", warrantyIds), redact);
  await redactColumns(tx, "sales", "id", ["cancel_reason"], inList("id", saleIds), redact);
  await redactColumns(tx, "sale_returns", "id", ["reason"], inList("sale_id", saleIds), redact);
  await redactColumns(
    tx,
    "register_entries",
    "id",
    ["reason"],
    sql`${inList("customer_id", customerIds)} or ${inList("sale_id", saleIds)} or service_order_payment_id in (select id from ${serviceOrderPayments} where ${inOrders("order_id")})`,
    redact,
  );
  await redactColumns(tx, "credit_plans", "id", ["cancel_reason", "disclosure"], inList("id", planIds), redact, {
    json: ["disclosure"],
  });
  await redactColumns(tx, "credit_payments", "id", ["cancel_reason"], inList("plan_id", planIds), redact);
  await redactColumns(tx, "debts", "id", ["description", "cancel_reason"], inList("id", debtIds), redact);
  await redactColumns(tx, "debt_contacts", "id", ["note"], inList("customer_id", customerIds), redact);
  await redactColumns(
    tx,
    "finance_entries",
    "id",
    ["description", "counterparty", "notes"],
    inList("customer_id", customerIds),
    redact,
  );

  // Issued documents: the data is redacted and the rendered pages dropped, to be rendered again from it at the next print.
  const subjects = [
    ...customerIds.map((id) => `customer:${id}`),
    ...orderIds.map((id) => `service_order:${id}`),
    ...saleIds.map((id) => `sale:${id}`),
    ...planIds.map((id) => `credit_plan:${id}`),
    ...debtIds.map((id) => `debt:${id}`),
    ...warrantyIds.map((id) => `warranty:${id}`),
  ];
  const documentRows = subjects.length
    ? await tx
        .select({ id: issuedDocuments.id, data: issuedDocuments.data })
        .from(issuedDocuments)
        .where(
          or(
            inArray(issuedDocuments.subject, subjects),
            likeAny(
              issuedDocuments.subject,
              subjects.map((subject) => `${subject}:%`),
            ),
          ),
        )
    : [];
  for (const document of documentRows) {
    await tx
      .update(issuedDocuments)
      .set({ data: redact.json(withNamedFieldsReplaced(document.data, label)), bodies: {} })
      .where(eq(issuedDocuments.id, document.id));
  }

  // The audit log: what was done, by whom and when stay; the person's data inside goes.
  const entities = [
    ...customerIds.map((id) => ["customer", String(id)] as const),
    ...orderIds.map((id) => ["service_order", String(id)] as const),
    ...saleIds.map((id) => ["sale", String(id)] as const),
    ...planIds.map((id) => ["credit_plan", String(id)] as const),
    ...debtIds.map((id) => ["debt", String(id)] as const),
    ...warrantyIds.map((id) => ["warranty", String(id)] as const),
  ];
  const auditRows = await tx
    .select({ id: auditLog.id, details: auditLog.details, actorLabel: auditLog.actorLabel, actorUserId: auditLog.actorUserId })
    .from(auditLog)
    .where(
      or(
        entities.length
          ? sql`(${auditLog.entity}, ${auditLog.entityId}) in (${sql.join(
              entities.map(([entity, id]) => sql`(${entity}, ${id})`),
              sql`, `,
            )})`
          : sql`false`,
        userIds.length ? inArray(auditLog.actorUserId, userIds) : sql`false`,
        likeAny(
          sql`${auditLog.details}::text`,
          userIds.map((id) => `%${id}%`),
        ),
      ),
    );
  for (const entry of auditRows) {
    const details = redact.json(withNamedFieldsReplaced(entry.details, label));
    const actorLabel = entry.actorUserId && userIds.includes(entry.actorUserId) ? label : redact.text(entry.actorLabel);
    if (JSON.stringify(details) === JSON.stringify(entry.details) && actorLabel === entry.actorLabel) continue;
    await tx.update(auditLog).set({ details, actorLabel }).where(eq(auditLog.id, entry.id));
  }

  // Messages sent through /contato from the same e-mail or phone.
  const emails = identifiers.emails.filter(Boolean).map((email) => email.toLowerCase());
  const phones = identifiers.phones.filter((phone) => phone.length >= 8);
  if (emails.length || phones.length) {
    const messageWhere = or(
      emails.length
        ? sql`lower(${contactMessages.email}) in (${sql.join(
            emails.map((email) => sql`${email}`),
            sql`, `,
          )})`
        : undefined,
      phones.length
        ? sql`regexp_replace(${contactMessages.phone}, '[^0-9]', '', 'g') in (${sql.join(
            phones.map((phone) => sql`${phone}`),
            sql`, `,
          )})`
        : undefined,
    )!;
    const messages = await tx.select().from(contactMessages).where(messageWhere);
    for (const message of messages) {
      await tx
        .update(contactMessages)
        .set({ name: label, email: "", phone: "", subject: redact.text(message.subject), message: redact.text(message.message) })
        .where(eq(contactMessages.id, message.id));
    }
  }

  // Sign-in accounts: gone, with their sessions, passwords, profile and links (cascade); pending reset links too.
  let removedAccounts = 0;
  if (userIds.length) {
    const accountEmails = (await tx.select({ email: user.email }).from(user).where(inArray(user.id, userIds))).map(
      ({ email }) => email,
    );
    if (accountEmails.length) {
      await tx.delete(verification).where(
        or(
          sql`lower(${verification.identifier}) in (${sql.join(
            accountEmails.map((email) => sql`${email.toLowerCase()}`),
            sql`, `,
          )})`,
          likeAny(
            verification.value,
            userIds.map((id) => `%${id}%`),
          ),
          likeAny(
            verification.identifier,
            userIds.map((id) => `%${id}%`),
          ),
        ),
      );
    }
    removedAccounts = (
      await tx
        .delete(user)
        .where(and(inArray(user.id, userIds), sql`coalesce(${user.role}, 'customer') = 'customer'`))
        .returning({ id: user.id })
    ).length;
  }

  // Whatever else still holds the e-mail, phone or document (a table added later, a free-text note elsewhere).
  const swept = await sweepIdentifiers(tx, identifiers, redact);

  await recordAudit(tx, {
    actorUserId: actor.userId,
    actorLabel: actor.label,
    action: "privacy.anonymise",
    entity: "customer",
    entityId: customerIds.length ? String(customerIds[0]) : null,
    details: {
      reason,
      customerIds,
      removedAccounts,
      serviceOrders: orderIds.length,
      sales: saleIds.length,
      creditPlans: planIds.length,
      debts: debtIds.length,
      warranties: warrantyIds.length,
      issuedDocuments: documentRows.length,
      auditEntries: auditRows.length,
      otherRows: swept,
    },
  });
  return { customerIds, removedAccounts, label };
}

/** Keys whose value is a person's name, phone, e-mail, document or address, wherever they sit in a document's data or an audit entry. */
const PERSONAL_KEYS =
  /^(nome|name|customerName|deliveredTo|entregueA|telefone|phone|email|e-mail|cpf|cnpj|documento|document|endereco|endereço|address|bairro|district|cep|cidade|city)$/i;

function withNamedFieldsReplaced<T>(value: T, label: string, parentKey = ""): T {
  if (Array.isArray(value)) return value.map((item) => withNamedFieldsReplaced(item, label, parentKey)) as T;
  if (value && typeof value === "object") {
    const isPerson = /^(cliente|customer|comprador|buyer|contratante|devedor)$/i.test(parentKey);
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => {
        if (isPerson && typeof item === "string" && PERSONAL_KEYS.test(key)) {
          return [key, /^(nome|name)$/i.test(key) ? label : ""];
        }
        if (typeof item === "string" && /^(customerName|deliveredTo|entregueA)$/i.test(key)) return [key, label];
        return [key, withNamedFieldsReplaced(item, label, key)];
      }),
    ) as T;
  }
  return value;
}

/** customerIdsOfAccount (customers module) inside a transaction: the records an account sees as its own. */
export async function customerIdsOfAccountInTx(tx: Transaction, userId: string): Promise<number[]> {
  const result = await tx.execute(sql`
    select c.id from ${customers} c
    where exists (select 1 from ${customerAccountLinks} l where l.customer_id = c.id and l.user_id = ${userId} and l.state = 'linked')
       or (c.email <> '' and exists (select 1 from ${user} u where u.id = ${userId} and u.email_verified and lower(u.email) = lower(c.email))
           and not exists (select 1 from ${customerAccountLinks} l where l.customer_id = c.id and l.user_id = ${userId} and l.state = 'unlinked'))
    order by c.id`);
  return (result.rows as { id: number }[]).map(({ id }) => Number(id));
}
