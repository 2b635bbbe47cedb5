/**
 * `npm run proof:instances`: two Balcão servers (one build, `npm start`'s
 * command line each, a data folder each, the same secrets) on one PostgreSQL
 * behind a round-robin proxy, started at once on an empty database. Checks,
 * through the proxy:
 *   - they migrate and seed once (the start lock);
 *   - a session made on one is valid on the other;
 *   - rate limits are shared (/consultar, failed sign-ins per account, the
 *     auth library's per-address limit);
 *   - a change of the shop settings made on one shows on the other's cached
 *     home page within the shared cache's poll (lib/shared-cache.server.ts);
 *   - order, sale and crediário plan numbers stay unique (sales gapless)
 *     with two writers creating them at once;
 *   - a product archived and a post unpublished on one leave the other's
 *     cached public pages within the same poll (full form);
 *   - scheduled posts due while both restart at once are published once, and
 *     every other job (rollup, loyalty expiry, recurring entries, purge)
 *     starts once, not once per instance (a trigger counts the starts).
 * `--quick` (the journeys' form) leaves out the restart and the auth
 * library's per-address limit, and writes 4 of each instead of 40.
 * Prints the figures; exits 1 on the first failed check.
 *
 *   TEST_DATABASE_URL=postgres://user@host:5432/postgres npm run proof:instances
 *   … npm run proof:instances -- --quick     (the reduced form the journeys run)
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { PIN_HEADER, ROOT, startCluster, verificationLinkFor, type Cluster } from "./support/instances.ts";

const isQuick = process.argv.includes("--quick");
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) {
  console.error("TEST_DATABASE_URL não definido: aponte para um PostgreSQL cujo papel pode CREATE DATABASE.");
  process.exit(2);
}
/** What the shared cache promises (SHARED_CACHE_POLL_MS, 3 s) plus a render and the machine's load. */
const VISIBLE_WITHIN_MS = 8_000;
const PASSWORD = "Prova#Instancias2026";

const figures: Record<string, string | number> = {};
function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`FALHOU: ${message}`);
  console.log(`ok  ${message}`);
}

type Call = {
  instance?: number;
  ip?: string;
  cookie?: string;
  json?: unknown;
  form?: FormData | URLSearchParams;
  redirect?: RequestRedirect;
};

function call(cluster: Cluster, pathname: string, { instance, ip, cookie, json, form, redirect = "manual" }: Call = {}) {
  const headers: Record<string, string> = { origin: cluster.proxy.url };
  if (instance !== undefined) headers[PIN_HEADER] = String(instance);
  if (ip) headers["x-forwarded-for"] = ip;
  if (cookie) headers.cookie = cookie;
  if (json !== undefined) headers["content-type"] = "application/json";
  const body = json !== undefined ? JSON.stringify(json) : form;
  return fetch(`${cluster.proxy.url}${pathname}`, {
    method: body === undefined ? "GET" : "POST",
    headers,
    body,
    redirect,
    signal: AbortSignal.timeout(30_000),
  });
}

let ipCounter = 0;
const nextIp = () => `203.0.113.${(ipCounter++ % 250) + 1}`;

async function checkSeededOnce(cluster: Cluster) {
  const [settings] = await cluster.query<{ n: number }>("select count(*)::int as n from shop_settings");
  check(settings?.n === 1, "iniciadas juntas num banco vazio: uma linha de configurações (uma semeadura)");
  const duplicated = await cluster.query("select name from customers group by name having count(*) > 1");
  check(duplicated.length === 0, "nenhum cliente de demonstração em dobro");
}

async function signedInOwner(cluster: Cluster) {
  const email = `dona.${Date.now().toString(36)}@prova.example`;
  const signUp = await call(cluster, "/api/auth/sign-up/email", {
    instance: 0,
    ip: nextIp(),
    json: { name: "Dona da Prova", email, password: PASSWORD, callbackURL: "/auth?verificado=1" },
  });
  check(signUp.ok, `cadastro pela instância 0 (HTTP ${signUp.status})`);
  const link = await verificationLinkFor(cluster.instances, email);
  const verified = await fetch(link.replace(/^https?:\/\/[^/]+/, cluster.proxy.url), {
    headers: { [PIN_HEADER]: "1", "x-forwarded-for": nextIp() },
    redirect: "manual",
  });
  check(verified.status === 302, "e-mail confirmado pela instância 1");
  await cluster.query(`update "user" set role = 'owner' where email = $1`, [email]);
  const [user] = await cluster.query<{ id: string }>(`select id from "user" where email = $1`, [email]);
  const signIn = await call(cluster, "/api/auth/sign-in/email", {
    instance: 0,
    ip: nextIp(),
    json: { email, password: PASSWORD },
  });
  check(signIn.ok, `entrada pela instância 0 (HTTP ${signIn.status})`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .filter((pair) => pair.includes("=") && !pair.endsWith("="))
    .join("; ");
  for (const instance of [0, 1]) {
    const page = await call(cluster, "/configuracoes", { instance, cookie });
    check(
      page.status === 200,
      `a sessão feita na instância 0 abre /configuracoes na instância ${instance} (HTTP ${page.status})`,
    );
  }
  return { email, cookie, userId: user!.id };
}

async function checkSharedLimits(cluster: Cluster, ownerEmail: string) {
  // /consultar: ten lookups a minute per address, alternating between the instances.
  const ip = nextIp();
  const statuses: number[] = [];
  for (let lookup = 0; lookup < 11; lookup++) {
    statuses.push((await call(cluster, "/consultar?codigo=AAAA-AAAA", { ip })).status);
  }
  check(
    statuses.slice(0, 10).every((status) => status !== 429) && statuses[10] === 429,
    `/consultar: 10 consultas pelas duas instâncias, a 11ª recebe 429 (${statuses.join(",")})`,
  );

  // Failed sign-ins per account, each from another address, alternating instances.
  const signInStatuses: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await call(cluster, "/api/auth/sign-in/email", {
      ip: nextIp(),
      json: { email: ownerEmail, password: "Errada#123456" },
    });
    signInStatuses.push(answer.status);
  }
  check(
    signInStatuses.slice(0, 5).every((status) => status === 401) && signInStatuses[5] === 429,
    `entradas erradas por conta: 5 pelas duas instâncias, a 6ª recebe 429 (${signInStatuses.join(",")})`,
  );
  // The auth library's own limit per address (five sign-ins a minute; the accounts suite holds it too): the full form only.
  if (isQuick) return;
  const attacker = nextIp();
  const perIp: number[] = [];
  for (let attempt = 0; attempt < 6; attempt++) {
    const answer = await call(cluster, "/api/auth/sign-in/email", {
      ip: attacker,
      json: { email: `ninguem.${attempt}@prova.example`, password: "Errada#123456" },
    });
    perIp.push(answer.status);
  }
  check(perIp[5] === 429, `limite do better-auth por endereço compartilhado: a 6ª tentativa recebe 429 (${perIp.join(",")})`);
}

const decode = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** The fields a form would send as the page rendered them (inputs, checked boxes, textareas, selected options). */
function formFields(html: string): [string, string][] {
  const form = /<form[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/i.exec(html)?.[1] ?? "";
  const fields: [string, string][] = [];
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || type === "file" || type === "submit") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=""|\s|>|\/)/.test(tag)) continue;
    fields.push([name, decode(attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""))]);
  }
  for (const [, attributes = "", content = ""] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(attributes, "name");
    if (name) fields.push([name, decode(content)]);
  }
  for (const [, attributes = "", options = ""] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(attributes, "name");
    const selected = /<option\b[^>]*\sselected[^>]*>/.exec(options)?.[0] ?? /<option\b[^>]*>/.exec(options)?.[0] ?? "";
    if (name) fields.push([name, decode(attribute(selected, "value") ?? "")]);
  }
  return fields;
}

async function checkSettingsChangeShowsOnTheOther(cluster: Cluster, cookie: string) {
  // Both instances cache the home page for visitors first.
  for (const instance of [0, 1, 0, 1]) await call(cluster, "/", { instance });
  const cachedHit = await call(cluster, "/", { instance: 1 });
  check(cachedHit.headers.get("x-page-cache") === "hit", "a página inicial está no cache da instância 1");

  const page = await (await call(cluster, "/configuracoes", { instance: 0, cookie })).text();
  const name = `Loja Prova ${Date.now().toString(36)}`;
  const form = new FormData();
  for (const [field, value] of formFields(page)) form.append(field, field === "name" ? name : value);
  const saved = await call(cluster, "/configuracoes", { instance: 0, cookie, form });
  check(saved.status === 302 || saved.status === 303, `configurações salvas pela instância 0 (HTTP ${saved.status})`);
  const changedAt = Date.now();
  let seenAfterMs = -1;
  while (Date.now() - changedAt < 70_000) {
    const home = await (await call(cluster, "/", { instance: 1 })).text();
    if (home.includes(name)) {
      seenAfterMs = Date.now() - changedAt;
      break;
    }
    await sleep(100);
  }
  figures["configurações visíveis na outra instância (ms)"] = seenAfterMs;
  check(
    seenAfterMs >= 0 && seenAfterMs <= VISIBLE_WITHIN_MS,
    `o novo nome aparece na página em cache da instância 1 em ${seenAfterMs} ms (≤ ${VISIBLE_WITHIN_MS} ms)`,
  );
}

function runWriter(cluster: Cluster, count: number, env: Record<string, string>) {
  return new Promise<{ orders: number[]; sales: number[]; errors: string[] }>((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules", ".bin", "tsx"), ["scripts/support/instances-writer.ts", String(count)], {
      cwd: ROOT,
      // As an instance: its database and secrets; the first instance's data folder (a writer writes nothing there).
      env: {
        ...cluster.env,
        ...env,
        DATA_DIR: cluster.instances[0]!.dataDir,
        LOG_LEVEL: "error",
      },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let printed = "";
    child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString("utf8")));
    child.on("exit", (code) => {
      const line = printed.trim().split("\n").at(-1) ?? "";
      if (code !== 0) reject(new Error(`escritor terminou com ${code}: ${printed}`));
      else resolve(JSON.parse(line) as { orders: number[]; sales: number[]; errors: string[] });
    });
  });
}

async function checkNumbersUnique(cluster: Cluster, userId: string, perWriter: number) {
  const [product] = await cluster.query<{ id: number }>(
    `insert into products (kind, sku, name, slug, price_cents) values ('service', 'PROVA-1', 'Serviço da prova', 'servico-da-prova', 10000) returning id`,
  );
  const [customer] = await cluster.query<{ id: number }>("select id from customers order by id limit 1");
  const open = await cluster.query("select id from cash_registers where is_open");
  if (open.length === 0) {
    await cluster.query(
      "insert into cash_registers (opening_float_cents, opened_by_label, opened_by_user_id) values (0, 'prova', $1)",
      [userId],
    );
  }
  const env = { WRITER_ACTOR: userId, WRITER_PRODUCT: String(product!.id), WRITER_CUSTOMER: String(customer!.id) };
  const started = Date.now();
  const [first, second] = await Promise.all([runWriter(cluster, perWriter, env), runWriter(cluster, perWriter, env)]);
  figures["escrita concorrente (ms)"] = Date.now() - started;
  const errors = [...first.errors, ...second.errors];
  check(
    errors.length === 0,
    `os dois escritores criaram tudo sem erro${errors.length ? `: ${errors.slice(0, 3).join(" | ")}` : ""}`,
  );
  const orders = [...first.orders, ...second.orders];
  const sales = [...first.sales, ...second.sales];
  check(orders.length === 2 * perWriter && new Set(orders).size === orders.length, `${orders.length} OS com números distintos`);
  check(sales.length === 2 * perWriter && new Set(sales).size === sales.length, `${sales.length} vendas com números distintos`);
  const [gaps] = await cluster.query<{ n: number; lo: number; hi: number }>(
    "select count(*)::int as n, min(id)::int as lo, max(id)::int as hi from sales",
  );
  check(gaps && gaps.hi - gaps.lo + 1 === gaps.n, `números de venda sem lacunas (${gaps?.lo}…${gaps?.hi}, ${gaps?.n} vendas)`);
  const plans = await cluster.query<{ id: number; sale_id: number }>(
    `select id, sale_id from credit_plans where sale_id = any($1::int[])`,
    [sales],
  );
  check(
    plans.length === perWriter && new Set(plans.map((plan) => plan.id)).size === plans.length,
    `${plans.length} carnês do crediário, um por venda a crediário, com números distintos`,
  );
  figures["OS + vendas + carnês criados"] = `${orders.length} + ${sales.length} + ${plans.length}`;
}

/** The jobs every PostgreSQL server runs (app/server/scheduled-jobs.server.ts; VACUUM is PGlite's only). */
const HOURLY_OR_NIGHTLY_JOBS = ["traffic.rollup", "loyalty.expiry", "finance.recurring", "maintenance.purge"];

/**
 * Counts every claim of a job (each run writes its start into job_runs
 * under the claim's lock) in a table of the proof's own, by a trigger: a
 * job run by both instances would show two starts.
 */
async function countJobStarts(cluster: Cluster) {
  await cluster.query(
    `create table if not exists proof_job_starts (name text not null, at timestamptz not null default clock_timestamp())`,
  );
  await cluster.query(`create or replace function proof_count_job_start() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' or new.last_started_at is distinct from old.last_started_at then
        insert into proof_job_starts (name) values (new.name);
      end if;
      return new;
    end $$`);
  await cluster.query(`drop trigger if exists proof_job_starts on job_runs`);
  await cluster.query(
    `create trigger proof_job_starts after insert or update on job_runs for each row execute function proof_count_job_start()`,
  );
}

async function checkJobsRunOnce(cluster: Cluster) {
  // Every job due at once: its last start 8 days ago (past the nightly purge's week overdue), no lease.
  await countJobStarts(cluster);
  await cluster.query(`update job_runs set last_started_at = now() - interval '8 days', lease_until = null`);
  await cluster.query(`delete from proof_job_starts`);
  const restartedAt = new Date();
  const due = 10;
  const slugs = Array.from({ length: due }, (_, index) => `prova-agendado-${Date.now().toString(36)}-${index}`);
  for (const slug of slugs) {
    await cluster.query(
      `insert into blog_posts (title, slug, excerpt, body_markdown, status, published_at)
       values ($1, $1, 'Publicado pela prova.', 'Corpo.', 'scheduled', now() - interval '1 second')`,
      [slug],
    );
  }
  // Both restart at once: each looks for due posts as it starts.
  await Promise.all(cluster.instances.map((instance) => instance.restart()));
  const deadline = Date.now() + 30_000;
  let published = 0;
  while (Date.now() < deadline) {
    const [row] = await cluster.query<{ n: number }>(
      "select count(*)::int as n from blog_posts where slug = any($1::text[]) and status = 'published'",
      [slugs],
    );
    published = row?.n ?? 0;
    if (published === due) break;
    await sleep(200);
  }
  check(published === due, `${due} posts agendados publicados após o reinício simultâneo`);
  const audits = await cluster.query<{ entity_id: string; n: number }>(
    `select entity_id, count(*)::int as n from audit_log where action = 'blog_post.publish_scheduled'
       and entity_id in (select id::text from blog_posts where slug = any($1::text[])) group by entity_id`,
    [slugs],
  );
  check(
    audits.length === due && audits.every((row) => row.n === 1),
    "cada post publicado uma vez só (uma entrada de auditoria cada)",
  );

  // Each hourly or nightly job ran after the restart (its success recorded) and started once, by one of the two.
  let finished: { name: string; ok: boolean }[] = [];
  while (Date.now() < deadline + 60_000) {
    finished = await cluster.query<{ name: string; ok: boolean }>(
      `select name, coalesce(last_success_at >= $1, false) as ok from job_runs where name = any($2::text[])`,
      [restartedAt, HOURLY_OR_NIGHTLY_JOBS],
    );
    if (finished.length === HOURLY_OR_NIGHTLY_JOBS.length && finished.every((row) => row.ok)) break;
    await sleep(200);
  }
  check(
    finished.length === HOURLY_OR_NIGHTLY_JOBS.length && finished.every((row) => row.ok),
    `as tarefas ${HOURLY_OR_NIGHTLY_JOBS.join(", ")} rodaram após o reinício simultâneo`,
  );
  // A moment for a late second claim to show.
  await sleep(2_000);
  const starts = await cluster.query<{ name: string; n: number }>(
    `select name, count(*)::int as n from proof_job_starts group by name order by name`,
  );
  const startsOf = (name: string) => starts.find((row) => row.name === name)?.n ?? 0;
  figures["inícios por tarefa após o reinício simultâneo"] = starts.map((row) => `${row.name} ${row.n}`).join(", ");
  for (const name of HOURLY_OR_NIGHTLY_JOBS) {
    check(startsOf(name) === 1, `${name}: um início só para as duas instâncias (${startsOf(name)})`);
  }
  // Publishing is a look for due posts (due at every look, lib/job-runner's lease keeps two looks apart, not
  // sequential): each instance may look; what must happen once is each post's publication, checked above.
}

/** The owner's cached page on instance 1 stops showing what instance 0 just took away. */
async function waitUntilGone(cluster: Cluster, pathname: string, changedAt: number) {
  while (Date.now() - changedAt < 70_000) {
    const answer = await call(cluster, pathname, { instance: 1 });
    if (answer.status === 404) return Date.now() - changedAt;
    await answer.arrayBuffer();
    await sleep(100);
  }
  return -1;
}

/** A product archived and a post unpublished on instance 0 leave instance 1's cached public pages within the poll. */
async function checkContentChangesShowOnTheOther(cluster: Cluster, cookie: string) {
  const [product] = await cluster.query<{ id: number; slug: string }>(
    `select id, slug from products where archived_at is null and shown_in_shop and slug is not null order by id limit 1`,
  );
  const [post] = await cluster.query<{ id: number; slug: string }>(
    `select id, slug from blog_posts where status = 'published' order by id limit 1`,
  );
  check(product && post, "há um produto e um post publicados na loja de demonstração");
  const cases = [
    { what: "produto arquivado", page: `/loja/${product!.slug}`, action: `/inventory/${product!.id}`, intent: "archive" },
    { what: "post despublicado", page: `/blog/${post!.slug}`, action: `/blog-management/posts/${post!.id}`, intent: "unpublish" },
  ];
  for (const { what, page, action, intent } of cases) {
    for (const instance of [1, 1]) await (await call(cluster, page, { instance })).arrayBuffer();
    const cached = await call(cluster, page, { instance: 1 });
    await cached.arrayBuffer();
    check(cached.status === 200 && cached.headers.get("x-page-cache") === "hit", `${page} está no cache da instância 1`);
    const form = new URLSearchParams({ intent });
    const saved = await call(cluster, action, { instance: 0, cookie, form });
    check(saved.status === 302 || saved.status === 303, `${what} pela instância 0 (HTTP ${saved.status})`);
    const goneAfterMs = await waitUntilGone(cluster, page, Date.now());
    figures[`${what}: visto na outra instância (ms)`] = goneAfterMs;
    check(
      goneAfterMs >= 0 && goneAfterMs <= VISIBLE_WITHIN_MS,
      `${what}: ${page} deixa a página em cache da instância 1 em ${goneAfterMs} ms (≤ ${VISIBLE_WITHIN_MS} ms)`,
    );
  }
}

async function timed<T>(name: string, work: () => Promise<T>) {
  const phaseStarted = Date.now();
  const result = await work();
  figures[`fase: ${name} (s)`] = ((Date.now() - phaseStarted) / 1000).toFixed(1);
  return result;
}

const started = Date.now();
const cluster = await startCluster({ serverUrl });
figures["duas instâncias prontas, banco vazio (ms)"] = cluster.startedInMs;
try {
  await timed("semeadura única", () => checkSeededOnce(cluster));
  const owner = await timed("sessão entre instâncias", () => signedInOwner(cluster));
  await timed("limites compartilhados", () => checkSharedLimits(cluster, owner.email));
  // The owner's failed sign-ins above locked the account for 15 minutes; the session stays valid.
  await timed("mudança vista na outra instância", () => checkSettingsChangeShowsOnTheOther(cluster, owner.cookie));
  // A product and a post too (the full form: the quick one keeps the settings, the same mechanism).
  if (!isQuick)
    await timed("produto e post vistos na outra instância", () => checkContentChangesShowOnTheOther(cluster, owner.cookie));
  await timed("números únicos", () => checkNumbersUnique(cluster, owner.userId, isQuick ? 4 : 40));
  // Two restarts cost more than the rest of the reduced form: the full form only.
  if (!isQuick) await timed("tarefas uma vez só (reinício simultâneo)", () => checkJobsRunOnce(cluster));
  figures["pedidos por instância (proxy)"] = cluster.proxy.hits.join(" / ");
  figures["total (s)"] = ((Date.now() - started) / 1000).toFixed(1);
  console.log("\nNúmeros:");
  for (const [name, value] of Object.entries(figures)) console.log(`  ${name}: ${value}`);
} catch (error) {
  for (const instance of cluster.instances)
    console.error(`--- instância ${instance.index} ---\n${instance.output().slice(-4000)}`);
  console.error(error);
  process.exitCode = 1;
} finally {
  await cluster.stop();
}
