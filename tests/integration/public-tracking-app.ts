import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import { assertSingletonStoreFound, openTestDatabase, type TestDatabase } from "../support/database";

/**
 * The modules the /consultar and /pending-pickups tests drive, imported only
 * after the environment is set (the app reads it once and keeps the database
 * in a process-wide singleton). For PostgreSQL, a database of its own on
 * the server of TEST_DATABASE_URL.
 */
export async function loadServiceOrdersApp(database: TestDatabase) {
  const dropDatabase = await openTestDatabase(database);
  const [dbModule, schemaOrders, schemaCustomers, schemaAudit, factory, publicTracking, pickups, errors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/service-orders"),
    import("~/db/schema/customers"),
    import("~/db/schema/audit"),
    import("~/modules/demo/test-records.server"),
    import("~/modules/service-orders/public-tracking.server"),
    import("~/modules/service-orders/pickups.server"),
    import("~/lib/errors"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  return {
    db,
    databaseKind: dbModule.databaseKind(),
    tables: { ...schemaOrders, ...schemaCustomers, ...schemaAudit },
    factory,
    publicTracking,
    pickups,
    errors,
    clientIpHeader: CLIENT_IP_HEADER,
    dropDatabase,
  };
}

export type ServiceOrdersApp = Awaited<ReturnType<typeof loadServiceOrdersApp>>;

/** What a loader or action returned: `data(body, init)` or a plain body. */
export function unwrapRouteResult(result: unknown): { status: number; body: unknown } {
  if (result && typeof result === "object" && (result as { type?: unknown }).type === "DataWithResponseInit") {
    const wrapped = result as { data: unknown; init: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, body: wrapped.data };
  }
  if (result instanceof Response) return { status: result.status, body: null };
  return { status: 200, body: result };
}

/** The arguments React Router hands a public route's loader or action. */
export function routeArgs(request: Request) {
  return { request, params: {}, context: new RouterContextProvider(), unstable_pattern: "" };
}
