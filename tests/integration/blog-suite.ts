import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import type { SchedulerClock } from "~/modules/blog/scheduled-publishing.server";
import {
  assertSingletonStoreFound,
  closeOpenDatabase,
  describeOnDatabase,
  openTestDatabase,
  type TestDatabase,
} from "../support/database";
import { imageUploadRefusal, jpegPhoto, pngImage, TEXT_FILES } from "../support/images";
import { routeArgs } from "./public-tracking-app";

const STAFF: Actor = { userId: "staff-blog", label: "ana@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: "customer-blog", label: "caio@cliente.test", role: "customer" };

/** The blog's reads and writes, imported once the test has pointed the app at its database. */
async function loadBlog() {
  const [
    dbModule,
    schema,
    uploads,
    auth,
    audit,
    queries,
    mutations,
    scheduling,
    pageCache,
    postRoute,
    rssRoute,
    sitemap,
    errors,
  ] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/blog"),
    import("~/db/schema/uploads"),
    import("~/db/schema/auth"),
    import("~/db/schema/audit"),
    import("~/modules/blog/queries.server"),
    import("~/modules/blog/mutations.server"),
    import("~/modules/blog/scheduled-publishing.server"),
    import("~/lib/page-cache.server"),
    import("~/routes/_site/blog-post"),
    import("~/routes/blog-rss"),
    import("~/routes/sitemap"),
    import("~/lib/errors"),
  ]);
  const db = await dbModule.getDb();
  assertSingletonStoreFound();
  return {
    db,
    databaseKind: dbModule.databaseKind(),
    tables: { ...schema, ...uploads, ...auth, ...audit },
    ...queries,
    ...mutations,
    scheduling,
    pageCache: pageCache.pageCache,
    postRoute,
    rssRoute,
    sitemap,
    errors,
  };
}

type App = Awaited<ReturnType<typeof loadBlog>>;
type PostLoaderArgs = Parameters<App["postRoute"]["loader"]>[0];

const T0 = new Date("2026-11-20T15:00:00Z"); // 12:00 in São Paulo
const HOUR = 60 * 60 * 1000;

/** A hand-driven clock: time moves only when the test says, and due timers then fire in order. */
function manualClock(start: Date) {
  let now = start.getTime();
  let nextHandle = 1;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: SchedulerClock = {
    now: () => new Date(now),
    setTimeout: (callback, ms) => {
      const handle = nextHandle++;
      timers.set(handle, { at: now + ms, callback });
      return handle;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    pendingTimers: () => [...timers.values()].map((timer) => timer.at - now),
    /** Moves the clock to `to`, firing the timers due on the way. */
    advanceTo(to: Date) {
      for (;;) {
        const due = [...timers.entries()].filter(([, timer]) => timer.at <= to.getTime()).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = to.getTime();
    },
  };
}

function postArgs(idOrSlug: string) {
  return {
    ...routeArgs(new Request(`http://loja.test/blog/${encodeURIComponent(idOrSlug)}`)),
    params: { id: idOrSlug },
  } as unknown as PostLoaderArgs;
}

/** What the /blog/:id loader answers: 200 with the post, a redirect, or 404. */
async function openPost(app: App, idOrSlug: string) {
  try {
    const result = (await app.postRoute.loader(postArgs(idOrSlug))) as { post: { slug: string }; cover: unknown };
    return { status: 200, slug: result.post.slug, cover: result.cover, location: null };
  } catch (thrown) {
    if (thrown instanceof Response)
      return { status: thrown.status, slug: null, cover: null, location: thrown.headers.get("location") };
    const wrapped = thrown as { type?: string; init?: ResponseInit | null };
    if (wrapped.type === "DataWithResponseInit")
      return { status: wrapped.init?.status ?? 500, slug: null, cover: null, location: null };
    throw thrown;
  }
}

/** The InputError `promise` rejects with; fails the test when it resolves or throws anything else. */
/** What the editor's "Inserir imagem no texto" posts: the description and, when chosen, the file. */
function bodyImageForm(alt: string, bytes?: Uint8Array) {
  const form = new FormData();
  form.set("bodyImageAlt", alt);
  if (bytes) form.set("bodyImage", new File([new Uint8Array(bytes)], "placa.jpg"));
  return form;
}

async function inputRefusal(app: App, promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(app.errors.InputError);
  return error as InstanceType<App["errors"]["InputError"]>;
}

/** The InputError saving a scheduled post with `input` answers (null when it is saved). */
function scheduleRefusal(app: App, input: Record<string, string>) {
  return app.savePost(STAFF, null, { ...base, title: "Agendado", status: "scheduled", ...input }, undefined, T0).then(
    () => null,
    (error: unknown) => error as InstanceType<App["errors"]["InputError"]>,
  );
}

const base = { excerpt: "Resumo do post.", bodyMarkdown: "Texto **forte**.", tags: "dicas, bateria" };

export function defineBlogSuite(database: TestDatabase) {
  describeOnDatabase(database, "blog", () => {
    let app: App;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadBlog();
      expect(app.databaseKind).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Ana", email: STAFF.label, role: "staff" },
        { id: CUSTOMER.userId!, name: "Caio", email: CUSTOMER.label, role: "customer" },
      ]);
    });

    beforeEach(async () => {
      await app.db.delete(app.tables.blogPosts);
      await app.db.delete(app.tables.uploads);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    async function postCount() {
      const [row] = await app.db.select({ total: count() }).from(app.tables.blogPosts);
      return row?.total ?? 0;
    }

    async function uploadCount() {
      const [row] = await app.db.select({ total: count() }).from(app.tables.uploads);
      return row?.total ?? 0;
    }

    async function statusOf(id: number) {
      const [row] = await app.db.select().from(app.tables.blogPosts).where(eq(app.tables.blogPosts.id, id));
      return row?.status;
    }

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
        await expect(app.findRenamedPostSlug(idOrSlug), JSON.stringify(idOrSlug)).resolves.toBeNull();
      }
    });

    it("a draft stays off the site; published, it is on /blog, its page, the feed and the sitemap", async () => {
      const draft = await app.savePost(
        STAFF,
        null,
        { ...base, title: "Troca de tela: quanto custa?", status: "draft" },
        undefined,
        T0,
      );
      expect(draft.slug).toBe("troca-de-tela-quanto-custa");
      expect(await app.findPublishedPost(draft.slug, T0)).toBeNull();
      expect((await openPost(app, draft.slug)).status).toBe(404);

      const published = await app.savePost(
        STAFF,
        draft.id,
        { ...base, title: "Troca de tela: quanto custa?", slug: draft.slug, status: "published" },
        undefined,
        T0,
      );
      expect(published.publishedAt?.toISOString()).toBe(T0.toISOString());
      expect((await openPost(app, draft.slug)).status).toBe(200);
      expect((await app.listPublishedPosts({ page: 1, pageSize: 6 })).map((post) => post.slug)).toEqual([draft.slug]);
      const feed = await (await app.rssRoute.loader()).text();
      expect(feed).toContain('<rss version="2.0"');
      expect(feed).toMatch(/<link>[^<]*\/blog\/troca-de-tela-quanto-custa<\/link>/);
      expect(feed).toContain("<category>bateria</category>");
      expect(await (await app.sitemap.loader()).text()).toContain("/blog/troca-de-tela-quanto-custa</loc><lastmod>");

      const audits = await app.db
        .select()
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.entityId, String(draft.id)));
      expect(audits.map((entry) => entry.action)).toEqual(["blog_post.create", "blog_post.update"]);
    });

    it("only staff write posts", async () => {
      await expect(app.savePost(CUSTOMER, null, { ...base, title: "Invasão", status: "published" })).rejects.toBeInstanceOf(
        app.errors.ForbiddenError,
      );
      expect(await postCount()).toBe(0);
    });

    it("a scheduled post is invisible before its time and published by the timer at its time, with no request", async () => {
      const manual = manualClock(T0);
      const publishAt = "2026-11-20T14:30"; // São Paulo: 17:30Z, 2 h 30 after T0
      const scheduled = await app.savePost(
        STAFF,
        null,
        { ...base, title: "Novidades de dezembro", status: "scheduled", publishAt },
        undefined,
        T0,
      );
      expect(scheduled.publishedAt?.toISOString()).toBe("2026-11-20T17:30:00.000Z");
      expect(await app.findPublishedPost(scheduled.slug, T0)).toBeNull();
      expect(await app.listPublishedPostsForSitemap(T0)).toEqual([]);
      // Once its time has come the sitemap lists it, changed no earlier than it appeared (even before the timer's write).
      const due = new Date("2026-11-20T17:30:00Z");
      const [listed] = await app.listPublishedPostsForSitemap(due);
      expect(listed?.slug).toBe(scheduled.slug);
      expect(listed?.updatedAt.getTime()).toBe(due.getTime());

      // A page cached before the time: the timer's write must drop it.
      await app.pageCache.fill(
        "/blog",
        async () => new Response("<!doctype html><p>antes</p>", { headers: { "content-type": "text/html" } }),
      );
      expect(app.pageCache.get("/blog")).toBeDefined();

      const timer = app.scheduling.startScheduledPublishing(manual.clock);
      try {
        await timer.settled();
        expect(await statusOf(scheduled.id)).toBe("scheduled");
        // A look that publishes nothing leaves the cached pages alone (it runs every minute).
        expect(app.pageCache.get("/blog")).toBeDefined();
        // It sleeps at most a minute at a time (another server may schedule posts too).
        expect(manual.pendingTimers()).toEqual([app.scheduling.MAX_SLEEP_MS]);

        manual.advanceTo(new Date("2026-11-20T17:29:00Z"));
        await timer.settled();
        expect(await statusOf(scheduled.id)).toBe("scheduled");
        // The last sleep ends exactly at the post's time.
        expect(manual.pendingTimers()).toEqual([60_000]);

        manual.advanceTo(new Date("2026-11-20T17:30:00Z"));
        await timer.settled();
        expect(await statusOf(scheduled.id)).toBe("published");
        expect(app.pageCache.get("/blog")).toBeUndefined();
        expect((await app.findPublishedPost(scheduled.slug, new Date("2026-11-20T17:30:00Z")))?.status).toBe("published");
        const [audit] = await app.db
          .select()
          .from(app.tables.auditLog)
          .where(eq(app.tables.auditLog.action, "blog_post.publish_scheduled"));
        expect(audit?.entityId).toBe(String(scheduled.id));
      } finally {
        timer.stop();
        await timer.settled();
      }
    });

    it("a post scheduled while the timer sleeps wakes it; stopping it leaves no timer behind", async () => {
      const manual = manualClock(T0);
      const timer = app.scheduling.startScheduledPublishing(manual.clock);
      await timer.settled();
      const soon = await app.savePost(
        STAFF,
        null,
        { ...base, title: "Em dez minutos", status: "scheduled", publishAt: "2026-11-20T12:10" },
        undefined,
        T0,
      );
      timer.wake();
      await timer.settled();
      manual.advanceTo(new Date(T0.getTime() + 10 * 60_000));
      await timer.settled();
      expect(await statusOf(soon.id)).toBe("published");
      timer.stop();
      expect(manual.pendingTimers()).toEqual([]);
    });

    it("a scheduled post needs a time in the future (shop time), and changes nothing otherwise", async () => {
      expect((await scheduleRefusal(app, { publishAt: "" }))?.fieldErrors.publishAt).toMatch(/data e a hora/);
      expect((await scheduleRefusal(app, { publishAt: "2026-11-20T11:59" }))?.fieldErrors.publishAt).toMatch(/futuro/);
      expect((await scheduleRefusal(app, { publishAt: "amanhã" }))?.fieldErrors.publishAt).toMatch(/data e a hora/);
      expect(await postCount()).toBe(0);
    });

    // Issue 21: the item's guid was its address, so a renamed slug made readers show the post again as new.
    it("a post's feed item keeps its guid when its slug is renamed", async () => {
      const post = await app.savePost(
        STAFF,
        null,
        { ...base, title: "Carregador turbo estraga?", status: "published" },
        undefined,
        T0,
      );
      const guidOf = async () => {
        const feed = await (await app.rssRoute.loader()).text();
        const item = feed.split("<item>").find((part) => part.includes("<title>Carregador turbo estraga?</title>"));
        return /<guid[^>]*>([^<]*)<\/guid>/.exec(item ?? "")?.[1];
      };
      const before = await guidOf();
      expect(before).toBeDefined();
      await app.savePost(
        STAFF,
        post.id,
        { ...base, title: "Carregador turbo estraga?", slug: "carregador-turbo-mito", status: "published" },
        undefined,
        new Date(T0.getTime() + HOUR),
      );
      const feed = await (await app.rssRoute.loader()).text();
      expect(feed).toMatch(/<link>[^<]*\/blog\/carregador-turbo-mito<\/link>/);
      expect(await guidOf()).toBe(before);
      // The post's number: /blog/{id} opens it whatever its slug.
      expect(before).toMatch(new RegExp(`/blog/${post.id}$`));
    });

    it("a renamed post that was published answers 301 from its old address; a draft's rename leaves nothing", async () => {
      const post = await app.savePost(
        STAFF,
        null,
        { ...base, title: "Bateria viciada existe?", status: "published" },
        undefined,
        T0,
      );
      const renamed = await app.savePost(
        STAFF,
        post.id,
        { ...base, title: "Bateria viciada existe?", slug: "bateria-viciada-mito", status: "published" },
        undefined,
        new Date(T0.getTime() + HOUR),
      );
      expect(renamed.publishedAt?.toISOString()).toBe(T0.toISOString());
      const old = await openPost(app, post.slug);
      expect(old).toMatchObject({ status: 301, location: "/blog/bateria-viciada-mito" });
      expect((await openPost(app, "bateria-viciada-mito")).status).toBe(200);
      expect(await app.listOldSlugs(post.id)).toEqual([post.slug]);

      // Renamed back: the current address is no longer a redirect, the other one is.
      await app.savePost(STAFF, post.id, { ...base, title: "Bateria viciada existe?", slug: post.slug, status: "published" });
      expect(await app.listOldSlugs(post.id)).toEqual(["bateria-viciada-mito"]);
      expect((await openPost(app, post.slug)).status).toBe(200);

      // Unpublished, its old address is a 404 like the post itself.
      await app.unpublishPost(STAFF, post.id);
      expect((await openPost(app, "bateria-viciada-mito")).status).toBe(404);

      const draft = await app.savePost(STAFF, null, { ...base, title: "Rascunho", status: "draft" });
      await app.savePost(STAFF, draft.id, { ...base, title: "Rascunho", slug: "rascunho-novo", status: "draft" });
      expect(await app.listOldSlugs(draft.id)).toEqual([]);
    });

    it("a slug another post uses is refused with a message, and nothing changes", async () => {
      const first = await app.savePost(STAFF, null, { ...base, title: "Película 3D", status: "published" });
      const second = await app.savePost(STAFF, null, { ...base, title: "Película 3D", status: "draft" });
      expect(second.slug).toBe("pelicula-3d-2");
      const error = await inputRefusal(
        app,
        app.savePost(STAFF, second.id, { ...base, title: "Outro título", slug: first.slug, status: "published" }),
      );
      expect(error).toBeInstanceOf(app.errors.InputError);
      expect(error.fieldErrors.slug).toBe("Outro post já usa este endereço. Escolha outro.");
      expect(error.status).toBe(409);
      const [row] = await app.db.select().from(app.tables.blogPosts).where(eq(app.tables.blogPosts.id, second.id));
      expect(row).toMatchObject({ title: "Película 3D", slug: "pelicula-3d-2", status: "draft" });

      for (const [slug, message] of [
        ["Com Acento-é", /minúsculas/],
        ["12345", /pelo menos uma letra/],
        ["rss.xml", /minúsculas/],
      ] as const) {
        const refused = await inputRefusal(app, app.savePost(STAFF, null, { ...base, title: "X", slug, status: "draft" }));
        expect(refused.fieldErrors.slug, slug).toMatch(message);
      }
      expect(await postCount()).toBe(2);
    });

    it("a disguised file named .jpg is refused as a cover and leaves no post nor upload; a JPEG named .png is fine", async () => {
      const disguised = {
        "foto.jpg (PHP)": new TextEncoder().encode("<?php system($_GET['c']); ?>"),
        "capa.jpg (HTML)": new TextEncoder().encode(TEXT_FILES.html),
        "capa.jpg (SVG)": new TextEncoder().encode(TEXT_FILES.svg),
      };
      for (const [name, bytes] of Object.entries(disguised)) {
        await imageUploadRefusal(
          app.savePost(
            STAFF,
            null,
            { ...base, title: "Com capa", coverAlt: "Uma capa", status: "published" },
            { file: { bytes, originalName: name.split(" ")[0]! }, remove: false },
          ),
        );
      }
      expect(await postCount()).toBe(0);
      expect(await uploadCount()).toBe(0);

      // Content decides, not the name: a JPEG called .png is a JPEG.
      const saved = await app.savePost(
        STAFF,
        null,
        { ...base, title: "Com capa", coverAlt: "Celular com a tela trincada", status: "published" },
        { file: { bytes: await jpegPhoto({ width: 1600, height: 900 }), originalName: "capa.png" }, remove: false },
      );
      const opened = await openPost(app, saved.slug);
      expect(opened.cover).toMatchObject({ alt: "Celular com a tela trincada", width: 1600, height: 900 });
      expect((opened.cover as { srcSet: string }).srcSet).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w/);
    });

    it("a cover needs its description; a too-small image is refused; removing the cover keeps the post", async () => {
      const photo = { file: { bytes: await pngImage(1200, 630), originalName: "capa.png" }, remove: false };
      const noAlt = await inputRefusal(
        app,
        app.savePost(STAFF, null, { ...base, title: "Sem descrição", status: "draft" }, photo),
      );
      expect(noAlt.fieldErrors.coverAlt).toMatch(/Descreva/);
      await imageUploadRefusal(
        app.savePost(
          STAFF,
          null,
          { ...base, title: "Pequena", coverAlt: "x", status: "draft" },
          { file: { bytes: await pngImage(200, 100), originalName: "p.png" }, remove: false },
        ),
      );
      expect(await postCount()).toBe(0);
      expect(await uploadCount()).toBe(0);

      const saved = await app.savePost(STAFF, null, { ...base, title: "Com capa", coverAlt: "Capa", status: "draft" }, photo);
      await app.savePost(
        STAFF,
        saved.id,
        { ...base, title: "Com capa", slug: saved.slug, status: "draft" },
        { file: null, remove: true },
      );
      const [row] = await app.db.select().from(app.tables.blogPosts).where(eq(app.tables.blogPosts.id, saved.id));
      expect(row?.coverUploadId).toBeNull();
    });

    it("an image for the text goes through the pipeline with its description and comes back as Markdown; another site's image is refused on save", async () => {
      const noAlt = await inputRefusal(
        app,
        app.storeBodyImage(STAFF, bodyImageForm("  ", await jpegPhoto({ width: 1200, height: 800 }))),
      );
      expect(noAlt.fieldErrors).toEqual({ bodyImageAlt: "Descreva a imagem para quem não pode vê-la." });
      const notImage = await inputRefusal(
        app,
        app.storeBodyImage(STAFF, bodyImageForm("Placa", new TextEncoder().encode(TEXT_FILES.svg))),
      );
      expect(Object.keys(notImage.fieldErrors)).toEqual(["bodyImage"]);
      expect(await uploadCount()).toBe(0);
      await expect(app.storeBodyImage(CUSTOMER, bodyImageForm("Placa"))).rejects.toMatchObject({ name: "ForbiddenError" });

      const { markdown } = await app.storeBodyImage(
        STAFF,
        bodyImageForm("Placa [oxidada]", await jpegPhoto({ width: 1200, height: 800 })),
      );
      expect(markdown).toMatch(/^!\[Placa \\\[oxidada\\\]\]\(\/arquivos\/[0-9a-f]{32}-960\.webp\)$/);
      expect(await uploadCount()).toBe(1);

      const outside = await inputRefusal(
        app,
        app.savePost(STAFF, null, {
          ...base,
          title: "Com imagem de fora",
          bodyMarkdown: `${markdown}\n\n![x](https://exemplo.com.br/x.jpg)`,
          status: "published",
        }),
      );
      expect(outside.fieldErrors.bodyMarkdown).toMatch(
        /^Imagens de outros sites não aparecem aqui .*https:\/\/exemplo\.com\.br\/x\.jpg/,
      );
      expect(await postCount()).toBe(0);
      const saved = await app.savePost(STAFF, null, {
        ...base,
        title: "Com imagem",
        bodyMarkdown: markdown,
        status: "published",
      });
      expect(saved.status).toBe("published");
    });

    it("staff list: search by title, slug or tag, filter by status, scheduled ones past their time count as published", async () => {
      await app.savePost(STAFF, null, { ...base, title: "Publicado A", tags: "bateria", status: "published" }, undefined, T0);
      await app.savePost(STAFF, null, { ...base, title: "Rascunho B", tags: "tela", status: "draft" }, undefined, T0);
      await app.savePost(
        STAFF,
        null,
        { ...base, title: "Agendado C", tags: "tela", status: "scheduled", publishAt: "2026-11-21T09:00" },
        undefined,
        T0,
      );
      const titles = async (query: string, filter: "all" | "draft" | "scheduled" | "published", now = T0) =>
        (await app.listPostsForStaff({ query, filter, page: 1 }, now)).posts.map((post) => post.title).sort();
      expect(await titles("", "all")).toEqual(["Agendado C", "Publicado A", "Rascunho B"]);
      expect(await titles("", "draft")).toEqual(["Rascunho B"]);
      expect(await titles("", "scheduled")).toEqual(["Agendado C"]);
      expect(await titles("", "published")).toEqual(["Publicado A"]);
      expect(await titles("tela", "all")).toEqual(["Agendado C", "Rascunho B"]);
      expect(await titles("100%_", "all")).toEqual([]);
      const later = new Date("2026-11-21T13:00:00Z");
      expect(await titles("", "published", later)).toEqual(["Agendado C", "Publicado A"]);
    });

    it("deleting a post removes it and its old addresses", async () => {
      const post = await app.savePost(STAFF, null, { ...base, title: "Apagar", status: "published" }, undefined, T0);
      await app.savePost(STAFF, post.id, { ...base, title: "Apagar", slug: "apagar-2026", status: "published" }, undefined, T0);
      await app.deletePost(STAFF, post.id);
      expect((await openPost(app, "apagar")).status).toBe(404);
      expect((await openPost(app, "apagar-2026")).status).toBe(404);
      await expect(app.deletePost(STAFF, post.id)).rejects.toBeInstanceOf(app.errors.NotFoundError);
    });
  });
}
