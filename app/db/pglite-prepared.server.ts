import { parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";

const { serialize } = protocol;

/** Statement texts kept prepared per database; past this, new texts take PGlite's own path (nothing is evicted). */
const MAX_PREPARED = 1_000;
/** A statement with more parameters is a list built for one call (`in ($1 … $n)`): not worth keeping. */
const MAX_PARAMETERS = 32;
/**
 * An `on conflict … where`: after five runs PostgreSQL may plan a kept
 * statement once for any values (a generic plan), and such a plan cannot
 * match a partial unique index to a parameter ("there is no unique or
 * exclusion constraint matching the ON CONFLICT specification"). These take
 * PGlite's own path, planned at every run with their values.
 */
const ARBITER_WHERE = /\bon\s+conflict\b[\s\S]*\bwhere\b/i;
/** "cached plan must not change result type" (a table changed under a kept statement). */
const PLAN_CHANGED = "0A000";
/** "prepared statement … does not exist" (the backend lost its statements). */
const NO_SUCH_STATEMENT = "26000";

type Prepared = { name: string; parameterTypes: number[] };
/**
 * PGlite's own guards, public at run time though typed protected (and named
 * with a leading underscore): every protocol exchange holds the query lock; a
 * statement outside a transaction also holds the transaction lock; a closed
 * database is refused and one still starting waited for (not its own start's queries).
 */
function guardsOf(client: PGlite) {
  type Guard = (work?: () => Promise<unknown>) => Promise<unknown>;
  const guard = (name: string) => (Reflect.get(client, name) as Guard).bind(client);
  const exclusiveQuery = guard("_runExclusiveQuery");
  const exclusiveTransaction = guard("_runExclusiveTransaction");
  return {
    holdingQueryLock: <T>(work: () => Promise<T>) => exclusiveQuery(work) as Promise<T>,
    holdingBothLocks: <T>(work: () => Promise<T>) => exclusiveTransaction(() => exclusiveQuery(work)) as Promise<T>,
    checkReady: guard("_checkReady"),
  };
}

/** A `limit $n` or `offset $n` in a statement's text (Drizzle sends `.limit(20)` so). */
const ROW_COUNT_PARAMETER = /\b(limit|offset)\s+\$(\d+)\b/gi;

/**
 * The statement with its `limit $n` (and each `offset $n` of 0) written in
 * as numbers, the other parameters renumbered. A kept statement's plan for
 * any values (generic) takes a parameter's limit as a tenth of the rows: for
 * a short page of a large table that plan looks costlier than the one made
 * with the values, so PostgreSQL planned such a statement again at every
 * run, the Painel's and the lists' among them. With the number in the text
 * both plans are the same and the first is kept. A page's limit is one of
 * a few constants, so the texts stay few; a later page's offset stays a
 * parameter (one text per page number would fill the kept statements).
 */
export function withRowCountsWritten(
  query: string,
  params: unknown[],
  options?: QueryOptions,
): { query: string; params: unknown[] } {
  // Parameter types given by position would no longer match.
  if (options?.paramTypes) return { query, params };
  const written = new Map<number, number>();
  for (const [, clause, digits] of query.matchAll(ROW_COUNT_PARAMETER)) {
    const number = Number(digits);
    const value = params[number - 1];
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) continue;
    if (clause!.toLowerCase() === "limit" || value === 0) written.set(number, value);
  }
  if (written.size === 0) return { query, params };
  const uses = new Map<number, number>();
  for (const [, digits] of query.matchAll(/\$(\d+)/g)) uses.set(Number(digits), (uses.get(Number(digits)) ?? 0) + 1);
  // A parameter that also stands elsewhere in the text stays a parameter there and here.
  for (const number of written.keys()) if (uses.get(number) !== 1) written.delete(number);
  if (written.size === 0) return { query, params };
  const renumbered = new Map<number, number>();
  const kept: unknown[] = [];
  params.forEach((value, index) => {
    if (written.has(index + 1)) return;
    kept.push(value);
    renumbered.set(index + 1, kept.length);
  });
  const text = query.replace(/\$(\d+)/g, (placeholder, digits: string) => {
    const number = Number(digits);
    const value = written.get(number);
    if (value !== undefined) return String(value);
    return `$${renumbered.get(number) ?? number}`;
  });
  return { query: text, params: kept };
}

function isStaleStatement(error: unknown) {
  const code = (error as { code?: string } | null)?.code;
  return code === PLAN_CHANGED || code === NO_SUCH_STATEMENT;
}

function concat(parts: Uint8Array[]) {
  const message = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
}

/**
 * PGlite's `query` makes six calls into WebAssembly per statement (parse,
 * describe, bind, describe, execute, sync) and has PostgreSQL parse the text
 * every time: about a third of a short query's CPU on this one-thread server.
 * This keeps each statement text prepared under a name, its parameter types
 * described once, and sends bind, describe, execute and sync in one call.
 * PostgreSQL plans the first five runs with their values and may then keep
 * one plan for any values, as it does for every prepared statement (its
 * `plan_cache_mode = auto`: the generic plan only when its estimated cost is
 * no worse). Results, type parsing, parameter serialising, errors and the
 * locks are PGlite's own; the round trips, the re-parsing and most of the
 * planning go.
 * Prepared statements live in the backend, outside transactions: one rolled
 * back keeps them. Returns the same client, its `query` and `transaction`
 * replaced.
 */
export function withPreparedStatements(client: PGlite): PGlite {
  const guards = guardsOf(client);
  const pgliteQuery = client.query.bind(client);
  const pgliteTransaction = client.transaction.bind(client);
  const prepared = new Map<string, Prepared>();
  let named = 0;
  // Statements are kept only once PGlite is ready: whatever runs while it starts takes its own path, as before this wrapper.
  let isReady = false;
  void client.waitReady.then(() => (isReady = true)).catch(() => {});

  function keeps(query: string, params: unknown[], options?: QueryOptions) {
    if (!isReady || options?.blob || params.length > MAX_PARAMETERS) return false;
    if (prepared.has(query)) return true;
    return prepared.size < MAX_PREPARED && !ARBITER_WHERE.test(query);
  }

  async function prepare(query: string, options?: QueryOptions): Promise<Prepared> {
    const known = prepared.get(query);
    if (known) return known;
    const name = `balcao_${++named}`;
    const { messages } = await client.execProtocol(
      concat([
        serialize.parse({ name, text: query, types: options?.paramTypes }),
        serialize.describe({ type: "S", name }),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    prepared.set(query, statement);
    return statement;
  }

  async function run<T>(query: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    const statement = await prepare(query, options);
    const values = params.map((param, index) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[index]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    let messages;
    try {
      ({ messages } = await client.execProtocol(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      ));
    } catch (error) {
      if (isStaleStatement(error)) prepared.delete(query);
      throw Object.assign(error as object, { query, params, queryOptions: options });
    }
    if (!inTransaction) await client.syncToFs();
    return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
  }

  client.query = async <T>(text: string, values: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    const { query, params } = withRowCountsWritten(text, values, options);
    if (!keeps(query, params, options)) return pgliteQuery<T>(query, params, options);
    await guards.checkReady();
    const once = () => guards.holdingBothLocks(() => run<T>(query, params, options, false));
    // Outside a transaction a stale statement is prepared again at once; inside one, the error ended the transaction.
    return once().catch((error: unknown) => (isStaleStatement(error) ? once() : Promise.reject(error)));
  };

  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    pgliteTransaction((tx) => {
      const txQuery = tx.query.bind(tx);
      // An own, plain property, as PGlite's transaction object has (a Proxy over it must be able to hand it back).
      const fast: Transaction = Object.create(tx, {
        query: {
          writable: true,
          configurable: true,
          enumerable: true,
          value: async <R>(text: string, values: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
            const { query, params } = withRowCountsWritten(text, values, options);
            if (tx.closed || !keeps(query, params, options)) return txQuery<R>(query, params, options);
            return guards.holdingQueryLock(() => run<R>(query, params, options, true));
          },
        },
      });
      return callback(fast);
    });

  return client;
}
