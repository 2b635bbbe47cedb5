import { CLIENT_IP_HEADER } from "~/lib/client-ip";
import { assertSingletonStoreFound } from "../support/database";
import { copyPgliteTemplate } from "../support/pglite-template";
import { createVisitor } from "../support/visitor";

/**
 * The app modules an integration test drives, imported only after the test
 * has set the environment: the app reads it once (getEnv) and keeps the
 * database and auth in process-wide singletons.
 */
export async function loadApp() {
  if (!process.env.DATABASE_URL) await copyPgliteTemplate(process.env.DATA_DIR ?? "");
  const [
    authModule,
    dbModule,
    schemaAuth,
    schemaAccounts,
    schemaAudit,
    profiles,
    userRoles,
    ownerAccount,
    ownerSetup,
    adminCommands,
  ] = await Promise.all([
    import("~/modules/accounts/auth.server"),
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/accounts"),
    import("~/db/schema/audit"),
    import("~/modules/accounts/profiles.server"),
    import("~/modules/accounts/user-roles.server"),
    import("~/modules/accounts/owner-setup.server"),
    import("~/modules/shop-settings/owner-setup.server"),
    import("~/modules/accounts/admin-commands.server"),
  ]);
  const auth = await authModule.getAuth();
  assertSingletonStoreFound();
  const db = await dbModule.getDb();
  let nextIp = 0;
  // Past 255 a single octet would make an invalid address, which better-auth counts as 127.0.0.1 for everyone.
  const nextVisitorIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

  return {
    auth,
    db,
    databaseKind: dbModule.databaseKind(),
    tables: { ...schemaAuth, ...schemaAccounts, ...schemaAudit },
    profiles,
    userRoles,
    // The token and the refusal are the account's; the form's schema and its effect add the shop's details.
    ownerSetup: { ...ownerAccount, ...ownerSetup },
    adminCommands,
    /** A visitor with an IP of its own, so the rate limiter never mixes two tests. */
    visitor(ip = nextVisitorIp()) {
      return createVisitor((request) => auth.handler(request), {
        baseUrl: process.env.PUBLIC_URL ?? "http://localhost:3000",
        ip,
        ipHeader: CLIENT_IP_HEADER,
      });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof loadApp>>;
