import { count, eq } from "drizzle-orm";
import * as fc from "fast-check";
import { RouterContextProvider } from "react-router";
import sharp from "sharp";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Actor } from "~/modules/accounts/roles";
import { closeOpenDatabase, describeOnDatabase, openTestDatabase, type TestDatabase } from "../support/database";
import { EXIF_SECRETS, jpegPhoto, pngImage, TEXT_FILES } from "../support/images";

const STAFF: Actor = { userId: "staff-upload", label: "ana@loja.test", role: "staff" };
const CUSTOMER: Actor = { userId: "customer-upload", label: "caio@cliente.test", role: "customer" };
const UNKNOWN_ID = "0123456789abcdef0123456789abcdef";

function fileNameOf(url: string) {
  return url.slice("/arquivos/".length);
}

type UploadsRoute = typeof import("~/routes/uploads");
type LoaderArgs = Parameters<UploadsRoute["loader"]>[0];

async function loadModules() {
  const [db, auth, uploads, audit, mutations, queries, route, processing, errors, baseErrors] = await Promise.all([
    import("~/db/client.server"),
    import("~/db/schema/auth"),
    import("~/db/schema/uploads"),
    import("~/db/schema/audit"),
    import("~/modules/uploads/mutations.server"),
    import("~/modules/uploads/queries.server"),
    import("~/routes/uploads"),
    import("~/lib/uploads/process-image.server"),
    import("~/lib/uploads/image-upload-error"),
    import("~/lib/errors"),
  ]);
  return {
    db: await db.getDb(),
    kind: db.databaseKind(),
    tables: { ...auth, ...uploads, ...audit },
    mutations,
    queries,
    route,
    processing,
    errors,
    baseErrors,
  };
}

type Modules = Awaited<ReturnType<typeof loadModules>>;

/**
 * Uploads against a real database: an image stored through the pipeline
 * and fetched back through the /arquivos route as a browser would, with its
 * bytes, type and cache headers; 404 for every name that is not a stored
 * file; refusals and a rolled-back transaction that leave nothing behind.
 * Each *.test.ts runs it for one database.
 */
export function defineUploadsSuite(database: TestDatabase) {
  describeOnDatabase(database, "arquivos enviados", () => {
    let app: Modules;
    let dropDatabase: (() => Promise<void>) | undefined;

    /** GET (or HEAD) /arquivos/<fileName> through the route's own loader, as React Router calls it. */
    function fetchFile(fileName: string, init: RequestInit = {}) {
      const request = new Request(`http://localhost:3000/arquivos/${fileName}`, init);
      const args = { request, params: { file: fileName }, context: new RouterContextProvider(), unstable_pattern: "" };
      return app.route.loader(args as unknown as LoaderArgs);
    }

    async function rowCounts() {
      const [uploads] = await app.db.select({ total: count() }).from(app.tables.uploads);
      const [variants] = await app.db.select({ total: count() }).from(app.tables.uploadVariants);
      const [audits] = await app.db
        .select({ total: count() })
        .from(app.tables.auditLog)
        .where(eq(app.tables.auditLog.entity, "upload"));
      return { uploads: uploads?.total, variants: variants?.total, audits: audits?.total };
    }

    beforeAll(async () => {
      dropDatabase = await openTestDatabase(database);
      app = await loadModules();
      expect(app.kind).toBe(database);
      await app.db.insert(app.tables.user).values([
        { id: STAFF.userId!, name: "Ana Técnica", email: STAFF.label, role: "staff" },
        { id: CUSTOMER.userId!, name: "Caio Cliente", email: CUSTOMER.label, role: "customer" },
      ]);
    });

    afterAll(async () => {
      await closeOpenDatabase();
      await dropDatabase?.();
    });

    it("guarda uma foto e serve cada tamanho com os mesmos bytes, o tipo e cache de um ano", async () => {
      const original = await jpegPhoto({ width: 1600, height: 1200, withExif: true });
      const image = await app.mutations.storeImageUpload(STAFF, {
        bytes: original,
        purpose: "product-photo",
        originalName: "C:\\Fotos\\bateria\u202Egpj.exe",
      });
      expect(image.files.map((file) => `${file.format}-${file.width}x${file.height}`)).toEqual([
        "webp-320x240",
        "webp-640x480",
        "jpeg-1280x960",
        "webp-1280x960",
      ]);
      expect(image).toMatchObject({ purpose: "product-photo", src: `/arquivos/${image.id}-1280.webp`, width: 1280, height: 960 });

      const stored = await app.db
        .select()
        .from(app.tables.uploadVariants)
        .where(eq(app.tables.uploadVariants.uploadId, image.id));
      expect(stored).toHaveLength(4);
      for (const file of image.files) {
        const response = await fetchFile(fileNameOf(file.url));
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe(`image/${file.format}`);
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        expect(response.headers.get("x-content-type-options")).toBe("nosniff");
        expect(response.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
        const body = new Uint8Array(await response.arrayBuffer());
        const row = stored.find((variant) => variant.format === file.format && variant.width === file.width);
        expect(Buffer.from(body).equals(Buffer.from(row!.bytes))).toBe(true);
        expect(response.headers.get("etag")).toBe(`"${row!.sha256}"`);
        expect(response.headers.get("content-length")).toBe(String(body.byteLength));
        const metadata = await sharp(body).metadata();
        expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
          file.format,
          file.width,
          file.height,
          undefined,
        ]);
        expect(Buffer.from(body).includes(EXIF_SECRETS.gpsDatum)).toBe(false);
      }

      const [upload] = await app.db.select().from(app.tables.uploads).where(eq(app.tables.uploads.id, image.id));
      expect(upload).toMatchObject({
        purpose: "product-photo",
        originalName: "bateriagpj.exe",
        sourceFormat: "jpeg",
        sourceWidth: 1600,
        sourceHeight: 1200,
        sourceBytes: original.byteLength,
        uploadedByUserId: STAFF.userId,
        uploadedByLabel: STAFF.label,
      });
      const audits = await app.db.select().from(app.tables.auditLog).where(eq(app.tables.auditLog.entityId, image.id));
      expect(audits).toMatchObject([
        { action: "upload.create", entity: "upload", actorUserId: STAFF.userId, details: { purpose: "product-photo", files: 4 } },
      ]);
      expect(await app.queries.getUploadedImage(image.id)).toEqual(image);
    });

    it("responde 304 a quem já tem o arquivo e HEAD sem corpo", async () => {
      const image = await app.mutations.storeImageUpload(STAFF, {
        bytes: await pngImage(400, 100, { transparent: true }),
        purpose: "logo",
        originalName: "logo.png",
      });
      expect(image.share).toMatchObject({ format: "png", width: 400, height: 100 });
      const name = fileNameOf(image.share.url);
      const first = await fetchFile(name);
      const etag = first.headers.get("etag") ?? "";
      expect(etag).toMatch(/^"[0-9a-f]{64}"$/);

      const revalidated = await fetchFile(name, { headers: { "if-none-match": `"outro", W/${etag}` } });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get("etag")).toBe(etag);
      expect(revalidated.headers.get("cache-control")).toContain("immutable");
      expect(await revalidated.text()).toBe("");

      const head = await fetchFile(name, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("image/png");
      expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
      expect(await head.text()).toBe("");
    });

    it("responde 404, nunca 500, a id desconhecida, tamanho ou formato que não existem e nomes malformados", async () => {
      const image = await app.mutations.storeImageUpload(STAFF, {
        bytes: await jpegPhoto({ width: 800, height: 800 }),
        purpose: "product-photo",
        originalName: "capinha.jpg",
      });
      const names = [
        `${UNKNOWN_ID}-640.webp`,
        `${image.id}-641.webp`,
        `${image.id}-320.png`,
        `${image.id}-320.svg`,
        `${image.id.toUpperCase()}-320.webp`,
        `${image.id}-320.webp.html`,
        "nada",
        "..%2F..%2Fetc%2Fpasswd",
        `${image.id}-99999999999999999999.webp`,
        "",
      ];
      for (const name of names) {
        const response = await fetchFile(name);
        expect(response.status, name).toBe(404);
        expect(response.headers.get("content-type"), name).toBe("text/plain; charset=utf-8");
        expect(response.headers.get("x-content-type-options"), name).toBe("nosniff");
        expect(response.headers.get("cache-control"), name).toBe("no-store");
        expect(await response.text(), name).toBe("Arquivo não encontrado.");
      }
      expect((await fetchFile(`${image.id}-320.webp`)).status).toBe(200);

      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 80 }), async (name) => {
          const response = await fetchFile(encodeURIComponent(name));
          expect(response.status).toBe(404);
        }),
        { numRuns: 50 },
      );
    });

    it("guarda na transação de quem chama: se ela desfaz, não fica arquivo nem auditoria", async () => {
      const before = await rowCounts();
      const image = await app.processing.processImage(await jpegPhoto({ width: 900, height: 600 }), "blog-cover");
      let storedId = "";
      await expect(
        app.db.transaction(async (tx) => {
          const stored = await app.mutations.storeImageUploadInTx(tx, STAFF, { image, originalName: "capa.jpg" });
          storedId = stored.id;
          // The caller's own write (a blog post, a product) fails after the image was stored.
          throw new Error("o post não pôde ser salvo");
        }),
      ).rejects.toThrow("o post não pôde ser salvo");
      expect(storedId).toMatch(/^[0-9a-f]{32}$/);
      expect(await rowCounts()).toEqual(before);
      expect((await fetchFile(`${storedId}-480.webp`)).status).toBe(404);

      const committed = await app.db.transaction((tx) =>
        app.mutations.storeImageUploadInTx(tx, STAFF, { image, originalName: "capa.jpg" }),
      );
      expect(committed.id).not.toBe(storedId);
      expect((await fetchFile(fileNameOf(committed.src))).status).toBe(200);
    });

    it("recusa tipos proibidos e quem não é da equipe sem gravar nada", async () => {
      const before = await rowCounts();
      const svg = new TextEncoder().encode(TEXT_FILES.svg);
      await expect(
        app.mutations.storeImageUpload(STAFF, { bytes: svg, purpose: "logo", originalName: "logo.png" }),
      ).rejects.toMatchObject({ name: "ImageUploadError", code: "svg" });
      await expect(
        app.mutations.storeImageUpload(STAFF, {
          bytes: new TextEncoder().encode(TEXT_FILES.html),
          purpose: "logo",
          originalName: "logo.png",
        }),
      ).rejects.toBeInstanceOf(app.errors.ImageUploadError);
      // The actor is checked before any work on the bytes: a customer's SVG is a ForbiddenError, not a type refusal.
      await expect(
        app.mutations.storeImageUpload(CUSTOMER, { bytes: svg, purpose: "logo", originalName: "logo.png" }),
      ).rejects.toBeInstanceOf(app.baseErrors.ForbiddenError);
      const image = await app.processing.processImage(await pngImage(300, 300), "product-photo");
      await expect(
        app.db.transaction((tx) => app.mutations.storeImageUploadInTx(tx, CUSTOMER, { image, originalName: "x.png" })),
      ).rejects.toBeInstanceOf(app.baseErrors.ForbiddenError);
      expect(await rowCounts()).toEqual(before);
    });

    it("entrega várias imagens de uma vez às páginas, ignorando ids que não existem", async () => {
      const [first, second] = await Promise.all(
        [300, 500].map(async (side) =>
          app.mutations.storeImageUpload(STAFF, {
            bytes: await pngImage(side, side),
            purpose: "product-photo",
            originalName: "",
          }),
        ),
      );
      const images = await app.queries.getUploadedImages([first!.id, second!.id, first!.id, UNKNOWN_ID, "malformado"]);
      expect([...images.keys()].sort()).toEqual([first!.id, second!.id].sort());
      expect(images.get(first!.id)).toEqual(first);
      expect(images.get(second!.id)).toMatchObject({ width: 500, height: 500 });
    });
  });
}
