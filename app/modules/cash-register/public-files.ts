/**
 * What other modules may import from this one (decision 0011): nothing. The
 * register's sale, returns, movements and closing sit on top of the modules
 * they call (credit, service orders, inventory, finance); the register
 * entries those modules write themselves are finance's
 * (`finance/register-entries.server.ts`).
 */
export const PUBLIC_FILES: readonly string[] = [];
