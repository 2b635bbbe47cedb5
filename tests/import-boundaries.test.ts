import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkImportBoundaries,
  checkModuleCycles,
  findImports,
  formatViolation,
  type SourceFile,
} from "./support/import-boundaries";

const ROOT = path.resolve(import.meta.dirname, "..");
const CODE_FILE = /\.(ts|tsx|mts|js|jsx|mjs)$/;

function listFiles(folder: string): string[] {
  return fs.readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`;
    return entry.isDirectory() ? listFiles(relative) : [relative];
  });
}

function readTree(): SourceFile[] {
  const paths = [...listFiles("app"), ...listFiles("tests"), ...listFiles("scripts"), "server.ts"];
  return paths.map((file) => ({ path: file, text: CODE_FILE.test(file) ? fs.readFileSync(path.join(ROOT, file), "utf8") : "" }));
}

async function readPublicFiles(): Promise<Record<string, readonly string[]>> {
  const lists: Record<string, readonly string[]> = {};
  for (const name of fs.readdirSync(path.join(ROOT, "app/modules"))) {
    const file = path.join(ROOT, "app/modules", name, "public-files.ts");
    if (!fs.existsSync(file)) continue;
    const module = (await import(/* @vite-ignore */ file)) as { PUBLIC_FILES: readonly string[] };
    lists[name] = module.PUBLIC_FILES;
  }
  return lists;
}

describe("the codebase keeps its import boundaries (decision 0011)", () => {
  it("has no import that breaks a rule", async () => {
    const violations = checkImportBoundaries(readTree(), await readPublicFiles());
    // One line per violation, "file → import: rule", so the failure says what to fix.
    expect(violations.map(formatViolation)).toEqual([]);
  });

  it("has no cycle between modules", () => {
    expect(checkModuleCycles(readTree()).map(formatViolation)).toEqual([]);
  });
});

describe("findImports", () => {
  it("reads static, re-exported, side-effect, multi-line and dynamic imports, and which are types only", () => {
    const text = [
      'import { a } from "~/lib/a";',
      'import type { B } from "./b";',
      'import { type C, type D } from "../c";',
      'import { type E, f } from "./e";',
      "import {",
      "  g,",
      "  h,",
      '} from "~/modules/x/g";',
      'import "./side-effect.css";',
      'export { i } from "./i";',
      'export type { J } from "./j";',
      'const Lazy = lazy(() => import("./lazy"));',
      '// import("./in-a-comment")',
      " * import('./in-a-doc-comment')",
    ].join("\n");
    expect(findImports(text)).toEqual([
      { specifier: "~/lib/a", isTypeOnly: false },
      { specifier: "./b", isTypeOnly: true },
      { specifier: "../c", isTypeOnly: true },
      { specifier: "./e", isTypeOnly: false },
      { specifier: "~/modules/x/g", isTypeOnly: false },
      { specifier: "./i", isTypeOnly: false },
      { specifier: "./j", isTypeOnly: true },
      { specifier: "./side-effect.css", isTypeOnly: false },
      { specifier: "./lazy", isTypeOnly: false },
    ]);
  });
});

describe("checkImportBoundaries", () => {
  const PUBLIC = {
    customers: ["queries.server.ts", "components/customer-picker.tsx"],
    "service-orders": ["status.ts"],
    "shop-settings": [],
  };
  const support: SourceFile[] = [
    "app/lib/dates.ts",
    "app/lib/money.ts",
    "app/db/client.server.ts",
    "app/db/schema/customers.ts",
    "app/components/ui/button.tsx",
    "app/components/layout/footer.tsx",
    "app/modules/customers/queries.server.ts",
    "app/modules/customers/search-terms.ts",
    "app/modules/customers/components/customer-picker.tsx",
    "app/modules/customers/components/customer-form.tsx",
    "app/modules/service-orders/status.ts",
    "app/modules/service-orders/unlock-code.server.ts",
    "app/modules/shop-settings/opening-hours.ts",
    "app/routes/_staff/customers.tsx",
    "app/root.tsx",
    "tests/support/database.ts",
  ].map((file) => ({ path: file, text: "" }));

  const check = (file: string, ...lines: string[]) =>
    checkImportBoundaries(
      [...support.filter((other) => other.path !== file), { path: file, text: lines.join("\n") }],
      PUBLIC,
    ).map(formatViolation);

  it("lets a module use another's public files, its own files, lib, db and components", () => {
    expect(
      check(
        "app/modules/service-orders/queries.server.ts",
        'import { searchCustomers } from "~/modules/customers/queries.server";',
        'import { CustomerPicker } from "~/modules/customers/components/customer-picker";',
        'import { decryptUnlockCode } from "./unlock-code.server";',
        'import { canMove } from "./status";',
        'import { getDb } from "~/db/client.server";',
        'import { formatDate } from "~/lib/dates";',
        'import { Button } from "~/components/ui/button";',
        'import { z } from "zod";',
      ),
    ).toEqual([]);
  });

  it("catches a module reaching into another's internals, statically or with import()", () => {
    expect(
      check(
        "app/modules/service-orders/queries.server.ts",
        'import { searchTerms } from "~/modules/customers/search-terms";',
        'const form = () => import("../customers/components/customer-form");',
      ),
    ).toEqual([
      "app/modules/service-orders/queries.server.ts → ~/modules/customers/search-terms: search-terms.ts is internal to the customers module (not in its public-files.ts)",
      "app/modules/service-orders/queries.server.ts → ../customers/components/customer-form: components/customer-form.tsx is internal to the customers module (not in its public-files.ts)",
    ]);
  });

  it("catches lib and db importing a module, a component or a route", () => {
    expect(check("app/lib/seo.ts", 'import type { DayHours } from "~/modules/shop-settings/opening-hours";')).toEqual([
      "app/lib/seo.ts → ~/modules/shop-settings/opening-hours: app/lib and app/db import only app/lib and app/db",
    ]);
    expect(
      check("app/db/schema/shop-settings.ts", 'import type { WeeklyHours } from "../../modules/shop-settings/opening-hours";'),
    ).toEqual([
      "app/db/schema/shop-settings.ts → ../../modules/shop-settings/opening-hours: app/lib and app/db import only app/lib and app/db",
    ]);
    expect(
      check(
        "app/lib/auth.server.ts",
        'import { getDb } from "~/db/client.server";',
        'import { Button } from "~/components/ui/button";',
      ),
    ).toEqual(["app/lib/auth.server.ts → ~/components/ui/button: app/lib and app/db import only app/lib and app/db"]);
  });

  it("catches anything but a route importing a route, and app code importing a test", () => {
    expect(check("app/modules/customers/mutations.server.ts", 'import { loader } from "~/routes/_staff/customers";')).toEqual([
      "app/modules/customers/mutations.server.ts → ~/routes/_staff/customers: only routes and the app shell import app/routes and root.tsx",
    ]);
    expect(check("app/components/layout/root-data.ts", 'import type { loader } from "~/root";')).toEqual([]);
    expect(check("app/components/layout/root-data.ts", 'import { loader } from "~/root";')).toEqual([
      "app/components/layout/root-data.ts → ~/root: only routes and the app shell import app/routes and root.tsx",
    ]);
    expect(check("app/lib/phone.ts", 'import { createDatabase } from "../../tests/support/database";')).toEqual([
      "app/lib/phone.ts → ../../tests/support/database: app code imports no tests and no scripts",
    ]);
  });

  it("keeps components/ui to itself and lib, and other components to public files, away from db", () => {
    expect(
      check("app/components/ui/pager.tsx", 'import { Footer } from "../layout/footer";', 'import { z } from "~/lib/money";'),
    ).toEqual(["app/components/ui/pager.tsx → ../layout/footer: components/ui imports only components/ui and app/lib"]);
    expect(
      check(
        "app/components/layout/header.tsx",
        'import type { Customer } from "~/db/schema/customers";',
        'import { customers } from "~/db/schema/customers";',
        'import { canMove } from "~/modules/service-orders/status";',
        'import { isShopOpen } from "~/modules/shop-settings/opening-hours";',
      ),
    ).toEqual([
      "app/components/layout/header.tsx → ~/db/schema/customers: components take value lists and types from the owning module, never from app/db",
      "app/components/layout/header.tsx → ~/db/schema/customers: components take value lists and types from the owning module, never from app/db",
      "app/components/layout/header.tsx → ~/modules/shop-settings/opening-hours: opening-hours.ts is internal to the shop-settings module (not in its public-files.ts)",
    ]);
  });

  it("lets routes import anything but db, tests anything, and reports imports that name no file", () => {
    expect(check("app/routes/_staff/orders.tsx", 'import { search } from "~/modules/customers/search-terms";')).toEqual([]);
    expect(
      check(
        "app/routes/_staff/customers.tsx",
        'import type { Customer } from "~/db/schema/customers";',
        'import { getDb } from "../../db/client.server";',
      ),
    ).toEqual([
      "app/routes/_staff/customers.tsx → ~/db/schema/customers: routes take value lists and types from the owning module, never from app/db",
      "app/routes/_staff/customers.tsx → ../../db/client.server: routes take value lists and types from the owning module, never from app/db",
    ]);
    expect(check("app/routes/_staff/customers.test.ts", 'import { getDb } from "~/db/client.server";')).toEqual([]);
    expect(
      check(
        "app/modules/customers/search-terms.test.ts",
        'import { decrypt } from "~/modules/service-orders/unlock-code.server";',
      ),
    ).toEqual([]);
    expect(check("tests/integration/app.ts", 'import { decrypt } from "~/modules/service-orders/unlock-code.server";')).toEqual(
      [],
    );
    expect(check("app/lib/phone.ts", 'import { gone } from "./gone";')).toEqual([
      "app/lib/phone.ts → ./gone: does not resolve to a file",
    ]);
  });

  it("asks every module for its public list, and every listed file to exist", () => {
    const files = [...support, { path: "app/modules/cash-register/queries.server.ts", text: "" }];
    expect(checkImportBoundaries(files, { ...PUBLIC, customers: ["queries.server.ts", "gone.ts"] }).map(formatViolation)).toEqual(
      [
        "app/modules/cash-register → public-files.ts: every module lists its public files",
        "app/modules/customers/public-files.ts → gone.ts: a public file must exist",
      ],
    );
  });
});

/** Made-up files, each with its lines of code. */
function tree(files: Record<string, string[]>): SourceFile[] {
  return Object.entries(files).map(([file, lines]) => ({ path: file, text: lines.join("\n") }));
}

describe("checkModuleCycles", () => {
  const base = {
    "app/lib/csv.ts": [],
    "app/modules/accounts/roles.ts": ['import { ForbiddenError } from "~/lib/errors";'],
    "app/modules/customers/mutations.server.ts": ['import { assertStaffActor } from "~/modules/accounts/roles";'],
    "app/modules/customers/document.ts": [],
    "app/modules/finance/export.server.ts": ['import { toCsv } from "~/lib/csv";'],
  };

  it("lets modules form layers, through lib and db", () => {
    expect(checkModuleCycles(tree(base)).map(formatViolation)).toEqual([]);
  });

  it("reports each import that closes a cycle, two modules or more around, type imports too", () => {
    const files = tree({
      ...base,
      "app/modules/accounts/emails.server.ts": ['import type { Customer } from "../customers/document";'],
      "app/modules/finance/stock.server.ts": ['import { unitCost } from "~/modules/inventory/costs";'],
      "app/modules/inventory/costs.ts": ['import { toCsv } from "~/modules/finance/export.server";'],
    });
    expect(checkModuleCycles(files).map(formatViolation)).toEqual([
      "app/modules/accounts/emails.server.ts → ../customers/document: modules import each other in a cycle: accounts → customers → accounts",
      "app/modules/customers/mutations.server.ts → ~/modules/accounts/roles: modules import each other in a cycle: customers → accounts → customers",
      "app/modules/finance/stock.server.ts → ~/modules/inventory/costs: modules import each other in a cycle: finance → inventory → finance",
      "app/modules/inventory/costs.ts → ~/modules/finance/export.server: modules import each other in a cycle: inventory → finance → inventory",
    ]);
  });

  it("finds a loop through a third module, and leaves tests out", () => {
    const files = tree({
      ...base,
      "app/modules/accounts/emails.server.ts": ['import { shopName } from "~/modules/shop-settings/identity";'],
      "app/modules/shop-settings/identity.ts": ['import { isCpf } from "~/modules/customers/document";'],
      "app/modules/accounts/roles.test.ts": ['import { x } from "~/modules/finance/export.server";'],
      "app/modules/finance/export.test.ts": ['import { y } from "~/modules/accounts/roles";'],
    });
    expect(checkModuleCycles(files).map(formatViolation)).toEqual([
      "app/modules/accounts/emails.server.ts → ~/modules/shop-settings/identity: modules import each other in a cycle: accounts → shop-settings → customers → accounts",
      "app/modules/customers/mutations.server.ts → ~/modules/accounts/roles: modules import each other in a cycle: customers → accounts → shop-settings → customers",
      "app/modules/shop-settings/identity.ts → ~/modules/customers/document: modules import each other in a cycle: shop-settings → customers → accounts → shop-settings",
    ]);
  });
});
