import { readFileSync } from "node:fs";
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { jpegPhoto } from "../support/images";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";

const STAFF: Actor = { userId: "staff-ana", label: "ana@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: "customer-caio", label: "caio@cliente.test", role: "customer" };
const NOW = new Date("2026-11-20T15:00:00Z");

const bytesOf = (text: string) => new TextEncoder().encode(text);

async function loadModules() {
  const [db, auth, reviewsSchema, audit, reviewQueries, reviewMutations, reviewImport, faqSchema, faqQueries, faqMutations] =
    await Promise.all([
      import("~/db/client.server"),
      import("~/db/schema/auth"),
      import("~/db/schema/reviews"),
      import("~/db/schema/audit"),
      import("~/modules/reviews/queries.server"),
      import("~/modules/reviews/mutations.server"),
      import("~/modules/reviews/review-import.server"),
      import("~/db/schema/faq"),
      import("~/modules/faq/queries.server"),
      import("~/modules/faq/mutations.server"),
    ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    tables: { ...auth, ...reviewsSchema, ...audit, ...faqSchema },
    ...reviewQueries,
    ...reviewMutations,
    ...reviewImport,
    faq: { ...faqQueries, ...faqMutations },
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * The shop's own content against a real database: reviews imported from an
 * export (good rows kept, bad ones reported, a second import adds nothing, a
 * bad file changes nothing), the summary over every review including hidden
 * ones, the staff's order; the FAQ and the story in sanitised Markdown.
 */
export function defineSiteContentSuite(database: TestDatabase) {
  describeOnDatabase(database, "conteúdo do site", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Ana Balcão", email: STAFF.label, role: "staff" },
        { id: CUSTOMER.userId!, name: "Caio Cliente", email: CUSTOMER.label, role: "customer" },
      ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    beforeEach(async () => {
      await app.db.delete(app.tables.reviews);
    });

    const reviewCount = async () => (await app.db.select({ n: count() }).from(app.tables.reviews))[0]!.n;

    const EXPORT_CSV = [
      "\uFEFFAutor;Nota;Texto;Data;Foto",
      "Maria Souza;5;Trocaram a tela no mesmo dia;12/10/2026;https://exemplo.test/maria.jpg",
      'João Lima;4;"Bom atendimento; preço justo";2026-09-01;',
      "Sem Nota;;Faltou a nota;01/09/2026;",
      "Ana Dias;7;Nota fora da escala;01/09/2026;",
      "Pedro Alves;3;Data ruim;31/02/2026;",
      "Rita Melo;5;Do futuro;01/01/2030;",
      ";5;Sem autor;01/09/2026;",
      "Carla Nunes;2;Demorou mais que o combinado;15/08/2026;",
    ].join("\r\n");

    it("imports the good rows of an export, reports the bad ones by line, and a second import adds nothing", async () => {
      const report = await app.importReviews(STAFF, bytesOf(EXPORT_CSV), NOW);
      expect(report).toMatchObject({ format: "csv", added: 3, duplicates: 0, hasPhotoColumn: true });
      expect(report.problems).toEqual([
        { line: 4, message: "Falta a nota (de 1 a 5)." },
        { line: 5, message: "Nota “7” inválida: use um número de 1 a 5." },
        { line: 6, message: "Data “31/02/2026” inválida: use dd/mm/aaaa ou aaaa-mm-dd." },
        { line: 7, message: "A data da avaliação não pode estar no futuro." },
        { line: 8, message: "Falta o nome de quem avaliou." },
      ]);
      const rows = await app.db.select().from(app.tables.reviews);
      expect(rows.map((row) => [row.authorName, row.rating, row.text, row.source, row.isPublished]).sort()).toEqual([
        ["Carla Nunes", 2, "Demorou mais que o combinado", "import", true],
        ["João Lima", 4, "Bom atendimento; preço justo", "import", true],
        ["Maria Souza", 5, "Trocaram a tela no mesmo dia", "import", true],
      ]);
      // The photo address is never fetched nor kept.
      expect(rows.every((row) => row.photoUploadId === null && row.profilePhotoUrl === null)).toBe(true);

      const again = await app.importReviews(STAFF, bytesOf(EXPORT_CSV), NOW);
      expect(again).toMatchObject({ added: 0, duplicates: 3 });
      expect(await reviewCount()).toBe(3);

      const audits = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.action, "review.import"));
      expect(audits.at(-1)?.details).toMatchObject({ added: 0, duplicates: 3, refused: 5 });
    });

    it("reads a JSON export (Google's shape too), with `,` CSV and Windows-1252 alike", async () => {
      const json = JSON.stringify({
        reviews: [
          {
            name: "accounts/1/locations/2/reviews/abc",
            reviewer: { displayName: "Lúcia Prado", profilePhotoUrl: "https://exemplo.test/l.jpg" },
            starRating: "FIVE",
            comment: "Excelente",
            createTime: "2026-10-01T13:00:00Z",
          },
          { author: "Beto", rating: 0, text: "zero", date: "2026-10-01" },
        ],
      });
      const report = await app.importReviews(STAFF, bytesOf(json), NOW);
      expect(report).toMatchObject({ format: "json", added: 1, hasPhotoColumn: true });
      expect(report.problems).toEqual([{ line: 2, message: "Nota “0” inválida: use um número de 1 a 5." }]);

      const latin1 = Uint8Array.from(
        [...("author,rating,date\nJos" as string)]
          .map((c) => c.charCodeAt(0))
          .concat([0xe9, 0x2c, 0x34, 0x2c])
          .concat([..."2026-10-02"].map((c) => c.charCodeAt(0))),
      );
      const second = await app.importReviews(STAFF, latin1, NOW);
      expect(second).toMatchObject({ format: "csv", added: 1, problems: [] });
      const names = (await app.db.select({ name: app.tables.reviews.authorName }).from(app.tables.reviews)).map((r) => r.name);
      expect(names.sort()).toEqual(["José", "Lúcia Prado"]);
    });

    it("refuses a file that is not an export of reviews with a message, and changes nothing", async () => {
      await app.importReviews(STAFF, bytesOf("Autor;Nota;Data\nMaria;5;01/10/2026"), NOW);
      const before = await app.db.select().from(app.tables.reviews);
      const refusals: [Uint8Array, string][] = [
        [new Uint8Array(), "Escolha um arquivo CSV ou JSON."],
        [bytesOf("Nome;Telefone\nMaria;1199999"), "O arquivo precisa ter as colunas do autor, da nota e da data"],
        [bytesOf('{"reviews": [1, 2'), "O arquivo JSON está malformado"],
        [bytesOf('{"outra": 1}'), "O JSON deve ser uma lista de avaliações"],
        [await jpegPhoto({ width: 10, height: 10 }), "não é um CSV nem um JSON"],
        [bytesOf("Autor;Nota;Data\n"), "O arquivo não tem nenhuma avaliação."],
      ];
      for (const [bytes, message] of refusals) {
        const error = await app.importReviews(STAFF, bytes, NOW).then(
          () => null,
          (refusal: unknown) => refusal,
        );
        expect(error, message).toMatchObject({ name: "ReviewInputError" });
        expect((error as { fieldErrors: Record<string, string> }).fieldErrors.file).toContain(message);
      }
      await expect(app.importReviews(CUSTOMER, bytesOf(EXPORT_CSV), NOW)).rejects.toMatchObject({ name: "ForbiddenError" });
      expect(await app.db.select().from(app.tables.reviews)).toEqual(before);
    });

    it("counts every review in the summary, hidden ones included; hiding only takes the card off the carousel", async () => {
      await app.importReviews(STAFF, bytesOf(EXPORT_CSV), NOW);
      const [carla] = await app.db.select().from(app.tables.reviews).where(eq(app.tables.reviews.authorName, "Carla Nunes"));
      const before = await app.getReviewSummary();
      expect(before).toEqual({ average: 11 / 3, total: 3, satisfiedPercent: 67 });

      expect(await app.setReviewPublished(STAFF, carla!.id, false)).toBe(true);
      expect(await app.getReviewSummary()).toEqual(before);
      const cards = await app.listPublishedReviews(NOW);
      expect(cards.map((card) => card.authorName)).toEqual(["Maria Souza", "João Lima"]);

      const hidden = await app.listReviewsForStaff(STAFF, { query: "", visibility: "hidden", page: 1 });
      expect(hidden.rows.map((row) => row.authorName)).toEqual(["Carla Nunes"]);
      expect(hidden.summary).toEqual(before);
    });

    it("orders the carousel by the staff's position, then newest; up and down move one place", async () => {
      await app.importReviews(STAFF, bytesOf(EXPORT_CSV), NOW);
      const names = async () => (await app.listPublishedReviews(NOW)).map((card) => card.authorName);
      expect(await names()).toEqual(["Maria Souza", "João Lima", "Carla Nunes"]);
      const [carla] = await app.db.select().from(app.tables.reviews).where(eq(app.tables.reviews.authorName, "Carla Nunes"));
      expect(await app.moveReview(STAFF, carla!.id, "up")).toBe(true);
      expect(await names()).toEqual(["Maria Souza", "Carla Nunes", "João Lima"]);
      expect(await app.moveReview(STAFF, carla!.id, "up")).toBe(true);
      expect(await app.moveReview(STAFF, carla!.id, "up")).toBe(false);
      expect(await names()).toEqual(["Carla Nunes", "Maria Souza", "João Lima"]);
      const list = await app.listReviewsForStaff(STAFF, { query: "joão", visibility: "all", page: 1 });
      expect(list.rows.map((row) => [row.authorName, row.place])).toEqual([["João Lima", 3]]);
    });

    it("adds, edits and deletes a review typed by the staff, its photo only through the upload pipeline", async () => {
      const photo = { file: { bytes: await jpegPhoto({ width: 400, height: 300 }), originalName: "ana.jpg" }, remove: false };
      const id = await app.createReview(
        STAFF,
        { authorName: "Ana Paula", rating: "5", text: "Ótimo!", reviewedOn: "2026-11-19", isPublished: "on" },
        photo,
        NOW,
      );
      const [card] = await app.listPublishedReviews(NOW);
      expect(card).toMatchObject({ id, authorName: "Ana Paula", rating: 5 });
      expect(card!.profilePhotoUrl).toMatch(/^\/arquivos\/[0-9a-f]{32}-80\.webp$/);

      await expect(
        app.updateReview(
          STAFF,
          id,
          { authorName: "", rating: "6", text: "", reviewedOn: "2030-01-01" },
          { file: null, remove: false },
          NOW,
        ),
      ).rejects.toMatchObject({
        fieldErrors: { authorName: "Informe o nome de quem avaliou.", rating: "Escolha uma nota de 1 a 5 estrelas." },
      });
      await expect(
        app.updateReview(
          STAFF,
          id,
          { authorName: "Ana", rating: "4", text: "", reviewedOn: "2030-01-01" },
          { file: null, remove: false },
          NOW,
        ),
      ).rejects.toMatchObject({ fieldErrors: { reviewedOn: "A data da avaliação não pode estar no futuro." } });
      const svg = { file: { bytes: bytesOf("<svg onload=alert(1)></svg>"), originalName: "foto.jpg" }, remove: false };
      await expect(
        app.updateReview(STAFF, id, { authorName: "Ana", rating: "4", text: "", reviewedOn: "2026-11-01" }, svg, NOW),
      ).rejects.toMatchObject({ name: "ImageUploadError" });
      expect(await app.getReviewForStaff(STAFF, String(id))).toMatchObject({ authorName: "Ana Paula", rating: 5 });

      await app.updateReview(
        STAFF,
        id,
        { authorName: "Ana P.", rating: "4", text: "Bom", reviewedOn: "2026-11-01" },
        { file: null, remove: true },
        NOW,
      );
      expect(await app.getReviewForStaff(STAFF, String(id))).toMatchObject({
        authorName: "Ana P.",
        rating: 4,
        reviewedOn: "2026-11-01",
        isPublished: false,
        photo: null,
      });

      await app.deleteReview(STAFF, id);
      expect(await reviewCount()).toBe(0);
      await expect(app.deleteReview(STAFF, id)).rejects.toMatchObject({ name: "ReviewNotFoundError" });
      await expect(app.listReviewsForStaff(CUSTOMER, { query: "", visibility: "all", page: 1 })).rejects.toMatchObject({
        name: "ForbiddenError",
      });
    });

    it("only an imported review may be badged verified: one typed by the staff never is, and the staff see and change it (CDC art. 37)", async () => {
      const noPhoto = { file: null, remove: false };
      const typed = await app
        .createReview(
          STAFF,
          { authorName: "Ana Paula", rating: "5", text: "Ótimo!", reviewedOn: "2026-11-19", isPublished: "on", isVerified: "on" },
          noPhoto,
          NOW,
        )
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(typed).toMatchObject({ fieldErrors: { isVerified: expect.stringContaining("importada") } });
      const id = await app.createReview(
        STAFF,
        { authorName: "Ana Paula", rating: "5", text: "Ótimo!", reviewedOn: "2026-11-19", isPublished: "on" },
        noPhoto,
        NOW,
      );
      expect((await app.listPublishedReviews(NOW)).find((card) => card.id === id)?.isVerified).toBe(false);
      expect(await app.getReviewForStaff(STAFF, String(id))).toMatchObject({ isVerified: false, source: "manual" });
      await expect(
        app.updateReview(
          STAFF,
          id,
          { authorName: "Ana Paula", rating: "5", text: "", reviewedOn: "2026-11-19", isPublished: "on", isVerified: "on" },
          noPhoto,
          NOW,
        ),
      ).rejects.toMatchObject({ fieldErrors: { isVerified: expect.stringContaining("importada") } });
      // The database holds the rule too, whatever writes the row.
      await expect(
        app.db.update(app.tables.reviews).set({ isVerified: true }).where(eq(app.tables.reviews.id, id)),
      ).rejects.toThrow();

      await app.importReviews(STAFF, bytesOf(EXPORT_CSV), NOW);
      const maria = (await app.listPublishedReviews(NOW)).find((card) => card.authorName === "Maria Souza")!;
      expect(maria.isVerified).toBe(true);
      const edited = { authorName: "Maria Souza", rating: "5", text: "Trocaram a tela no mesmo dia", reviewedOn: "2026-10-12" };
      await app.updateReview(STAFF, maria.id, { ...edited, isPublished: "on" }, noPhoto, NOW);
      expect(await app.getReviewForStaff(STAFF, String(maria.id))).toMatchObject({ isVerified: false, source: "import" });
      await app.updateReview(STAFF, maria.id, { ...edited, isPublished: "on", isVerified: "on" }, noPhoto, NOW);
      expect(await app.getReviewForStaff(STAFF, String(maria.id))).toMatchObject({ isVerified: true });
    });

    it("migration 0023 takes the badge off the reviews typed or seeded before, and leaves it on the imported ones", async () => {
      const { reviews } = app.tables;
      // As before 0023: every review verified by default, and no check holding the rule yet.
      await app.db.execute(sql`alter table reviews drop constraint reviews_verified_only_imported`);
      try {
        const row = (authorName: string, source: "manual" | "import" | "demo") => ({
          authorName,
          rating: 5,
          reviewedAt: NOW,
          source,
          isVerified: true,
        });
        await app.db.insert(reviews).values([row("Digitada", "manual"), row("Importada", "import"), row("Fictícia", "demo")]);
        const migration = readFileSync("drizzle/0023_reviews_unverify_typed_and_demo.sql", "utf8");
        await app.db.execute(sql.raw(migration));
        const rows = await app.db.select({ authorName: reviews.authorName, isVerified: reviews.isVerified }).from(reviews);
        expect(Object.fromEntries(rows.map((review) => [review.authorName, review.isVerified]))).toEqual({
          Digitada: false,
          Importada: true,
          Fictícia: false,
        });
      } finally {
        const constraint = readFileSync("drizzle/0024_reviews_verified_only_imported.sql", "utf8").split(
          "--> statement-breakpoint",
        )[1]!;
        await app.db.execute(sql.raw(constraint));
      }
    });

    const HOSTILE_MARKDOWN = [
      "Veja **a garantia**: [clique](javascript:alert(1)) e [aqui](JaVaScRiPt:alert(2)).",
      "",
      '<script>alert("x")</script> <img src=x onerror=alert(3)>',
      "",
      "![foto](data:text/html;base64,PHNjcmlwdD4=)",
    ].join("\n");

    it("FAQ answers are Markdown through the one sanitiser, and FAQPage data gets them as plain text", async () => {
      await app.db.delete(app.tables.faqEntries);
      await expect(app.faq.createFaqEntry(STAFF, { question: "", answer: "" })).rejects.toMatchObject({
        fieldErrors: { question: "Informe a pergunta.", answer: "Informe a resposta." },
      });
      await expect(app.faq.createFaqEntry(CUSTOMER, { question: "P?", answer: "R" })).rejects.toMatchObject({
        name: "ForbiddenError",
      });
      expect(await app.db.select().from(app.tables.faqEntries)).toEqual([]);

      const first = await app.faq.createFaqEntry(STAFF, {
        question: "Qual é a garantia?",
        answer: HOSTILE_MARKDOWN,
        isPublished: "on",
      });
      const second = await app.faq.createFaqEntry(STAFF, {
        question: "Aceitam PIX?",
        answer: "Sim, *aceitamos*.",
        isPublished: "on",
      });
      const [entry] = await app.faq.listPublishedFaq();
      expect(entry!.id).toBe(first);
      expect(entry!.answerHtml).toContain("<strong>a garantia</strong>");
      expect(entry!.answerHtml).not.toMatch(/javascript:|<script|<img[^>]*onerror|data:text/i);
      expect(entry!.answerHtml).toContain("&lt;script&gt;");
      // The image that would run code is dropped; its description stays as text.
      expect(entry!.answerText).toBe(
        'Veja a garantia: clique e aqui. <script>alert("x")</script> <img src=x onerror=alert(3)>foto',
      );

      expect(await app.faq.moveFaqEntry(STAFF, second, "up")).toBe(true);
      expect((await app.faq.listPublishedFaq()).map((row) => row.question)).toEqual(["Aceitam PIX?", "Qual é a garantia?"]);
      expect(await app.faq.setFaqEntryPublished(STAFF, second, false)).toBe(true);
      expect((await app.faq.listPublishedFaq()).map((row) => row.question)).toEqual(["Qual é a garantia?"]);
      await app.faq.updateFaqEntry(STAFF, first, { question: "Garantia?", answer: "90 dias.", isPublished: "on" });
      expect((await app.faq.listPublishedFaq())[0]).toMatchObject({ question: "Garantia?", answerText: "90 dias." });
      await app.faq.deleteFaqEntry(STAFF, first);
      expect(await app.faq.listPublishedFaq()).toEqual([]);
      expect((await app.faq.listFaqForStaff(STAFF)).map((row) => row.id)).toEqual([second]);
    });

    it("an FAQ answer or the story with another site's image is refused (the CSP would block it); this site's files may stay", async () => {
      await app.db.delete(app.tables.faqEntries);
      const outside = "Veja: ![foto](https://exemplo.com.br/foto.jpg)";
      await expect(app.faq.createFaqEntry(STAFF, { question: "Foto?", answer: outside })).rejects.toMatchObject({
        fieldErrors: { answer: expect.stringMatching(/^Imagens de outros sites não aparecem aqui .*Tire a imagem do texto\.$/) },
      });
      await expect(app.faq.saveStory(STAFF, { bodyMarkdown: outside })).rejects.toMatchObject({
        fieldErrors: { bodyMarkdown: expect.stringMatching(/^Imagens de outros sites/) },
      });
      expect(await app.db.select().from(app.tables.faqEntries)).toEqual([]);
      await app.faq.createFaqEntry(STAFF, { question: "Logo?", answer: "![Logo](/images/logo.png)", isPublished: "on" });
      expect((await app.faq.listPublishedFaq())[0]!.answerHtml).toContain('<img src="/images/logo.png" alt="Logo"');
    });

    it("the story is the shop's Markdown, sanitised; saving a demo story makes it the shop's own", async () => {
      await app.db.delete(app.tables.siteTexts);
      expect(await app.faq.getStoryHtml()).toBeNull();
      await app.db.insert(app.tables.siteTexts).values({ key: "story", bodyMarkdown: "Demo", isDemo: true });
      await expect(app.faq.saveStory(STAFF, { bodyMarkdown: "   " })).rejects.toMatchObject({
        fieldErrors: { bodyMarkdown: "Informe o texto da história." },
      });
      await expect(app.faq.saveStory(CUSTOMER, { bodyMarkdown: "x" })).rejects.toMatchObject({ name: "ForbiddenError" });
      expect(await app.faq.getStoryMarkdown()).toMatchObject({ bodyMarkdown: "Demo", isDemo: true });

      await app.faq.saveStory(STAFF, { bodyMarkdown: `## Desde 2019\n\n${HOSTILE_MARKDOWN}` });
      expect(await app.faq.getStoryMarkdown()).toMatchObject({ isDemo: false });
      const html = (await app.faq.getStoryHtml())!;
      expect(html).toContain("<h2>Desde 2019</h2>");
      expect(html).not.toMatch(/javascript:|<script|<img[^>]*onerror|data:text/i);
      const [audit] = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.action, "site_text.update"));
      expect(audit).toMatchObject({ entityId: "story", actorUserId: STAFF.userId });
    });
  });
}
