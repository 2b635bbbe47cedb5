import { customType, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import type { UploadPurpose, VariantFormat } from "../../lib/uploads/image-purposes";
import type { AcceptedImageFormat } from "../../lib/uploads/detect-image-format";
import { user } from "./auth";

/**
 * PostgreSQL's binary type. node-postgres returns a Buffer and PGlite a
 * Uint8Array; both are Uint8Arrays, which is all the code relies on.
 */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * One image someone uploaded (decision 0008): what it is for, who sent it and
 * when. The original bytes are not kept, only the re-encoded variants.
 */
export const uploads = pgTable(
  "uploads",
  {
    /** 128 random bits in hex (lib/uploads/upload-urls.ts); part of every variant's URL. */
    id: text("id").primaryKey(),
    purpose: text("purpose").$type<UploadPurpose>().notNull(),
    /** The sender's file name, cleaned up (lib/uploads/original-file-name.ts): a label for the staff, never served. */
    originalName: text("original_name").notNull().default(""),
    /** What the content said it was, and its size after EXIF rotation. */
    sourceFormat: text("source_format").$type<AcceptedImageFormat>().notNull(),
    sourceWidth: integer("source_width").notNull(),
    sourceHeight: integer("source_height").notNull(),
    sourceBytes: integer("source_bytes").notNull(),
    uploadedByUserId: text("uploaded_by_user_id").references(() => user.id, { onDelete: "set null" }),
    uploadedByLabel: text("uploaded_by_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  (table) => [index("uploads_purpose_created_idx").on(table.purpose, table.createdAt)],
);

/**
 * The files served at /arquivos/<upload>-<width>.<ext>. A row is never
 * updated: its URL is cached by browsers for a year.
 */
export const uploadVariants = pgTable(
  "upload_variants",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    format: text("format").$type<VariantFormat>().notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    bytes: bytea("bytes").notNull(),
  },
  (table) => [primaryKey({ columns: [table.uploadId, table.format, table.width] })],
);
