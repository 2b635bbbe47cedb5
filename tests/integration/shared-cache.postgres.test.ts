import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase } from "../support/database";

/**
 * Several instances on one PostgreSQL (decision 30): what another instance
 * announces reaches this one's page cache at its next read of the versions,
 * and only as far as the change reaches. A sale there (the catalogue's
 * sequence) drops this one's /loja pages and keeps its home; a change of
 * anything else (the general sequence) drops every page. This process's own
 * announcements are not news to it. The other instance is played by taking
 * the sequences' values directly, as its announceSharedChange does.
 */
describeOnDatabase("postgres", "cache compartilhado entre instâncias", () => {
  let dropDatabase: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dropDatabase = await openTestDatabase("postgres");
  });

  afterAll(async () => {
    await closeOpenDatabase();
    await dropDatabase?.();
  });

  it("a venda em outra instância renova só as páginas da loja daqui; outra mudança, todas", async () => {
    const { getDb } = await import("~/db/client.server");
    const shared = await import("~/lib/shared-cache.server");
    const pages = await import("~/lib/page-cache.server");
    const db = await getDb();
    const watch = shared.startSharedCacheWatch(db, 60_000);
    try {
      await watch.settled();
      const store = async (...keys: string[]) => {
        for (const key of keys) {
          const template = await pages.createTemplate(200, new Headers({ "content-type": "text/html" }), `<p>${key}</p>`);
          pages.pageCache.set(key, template!);
        }
      };
      const cached = (key: string) => pages.pageCache.get(key) !== undefined;
      await store("/", "/blog", "/loja", "/loja/capa-a15");

      // Another instance sold something.
      await db.execute(sql`select nextval('shared_catalogue_version')`);
      await watch.checkNow();
      expect(cached("/loja")).toBe(false);
      expect(cached("/loja/capa-a15")).toBe(false);
      expect(cached("/")).toBe(true);
      expect(cached("/blog")).toBe(true);

      // This instance's own sale: dropped here at once, and not dropped again by its own announcement.
      pages.invalidatePublicPages("catalogue");
      await vi.waitFor(async () => {
        const result = await db.execute<{ last_value: string }>(sql`select last_value from shared_catalogue_version`);
        expect(Number(result.rows[0]?.last_value)).toBe(2);
      });
      await store("/loja");
      await watch.checkNow();
      expect(cached("/loja")).toBe(true);

      // Another instance changed something every page may show (a post, the settings).
      await db.execute(sql`select nextval('shared_cache_version')`);
      await watch.checkNow();
      for (const key of ["/", "/blog", "/loja"]) expect(cached(key), key).toBe(false);
    } finally {
      watch.stop();
    }
  });
});
