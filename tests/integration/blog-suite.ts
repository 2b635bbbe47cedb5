import { afterAll, beforeAll, expect, it } from "vitest";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";

/** The blog's reads, imported once the test has pointed the app at its database. */
async function loadBlog() {
  const [dbModule, queries] = await Promise.all([import("~/db/client.server"), import("~/modules/blog/queries.server")]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  return { db, databaseKind: dbModule.databaseKind(), ...queries };
}

export function defineBlogSuite(database: TestDatabase) {
  describeOnDatabase(database, "blog", () => {
    let app: Awaited<ReturnType<typeof loadBlog>>;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadBlog();
      expect(app.databaseKind).toBe(database);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("an address with hostile text names no post instead of failing the query", async () => {
      // "/blog/%00" was a 500: PostgreSQL refuses a NUL in text.
      for (const idOrSlug of [
        "\u0000",
        "a\u0000b",
        "1\u0000",
        "..",
        "%",
        "'; drop table blog_posts; --",
        "x".repeat(5000),
        "ção 😀",
      ]) {
        await expect(app.findPublishedPost(idOrSlug), JSON.stringify(idOrSlug)).resolves.toBeNull();
      }
    });
  });
}
