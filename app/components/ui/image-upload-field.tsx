import { IMAGE_ACCEPT, MAX_IMAGE_BYTES } from "~/lib/uploads/image-purposes";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { FileField } from "./file-field";

/**
 * An image sent with its form through the upload pipeline (the shop's logo,
 * a product's photo): the current one with a box to remove it, and the file
 * input that sends one or replaces it. The caller lays it out.
 */
export function ImageUploadField({
  image,
  label,
  replaceLabel,
  alt,
  sizes,
  imageClassName,
  removeName,
  removeLabel,
  hint,
  error,
}: {
  /** What it draws of the current image (an upload, or a post's picture of public/). */
  image: Pick<UploadedImage, "src" | "srcSet" | "width" | "height"> | null;
  /** The input's label with no image yet, and with one. */
  label: string;
  replaceLabel: string;
  alt: string;
  sizes: string;
  imageClassName: string;
  /** The checkbox that removes the current image. */
  removeName: string;
  removeLabel: string;
  hint?: string;
  error?: string;
}) {
  return (
    <>
      {image ? (
        <div className="flex flex-wrap items-center gap-4">
          <img
            src={image.src}
            srcSet={image.srcSet}
            sizes={sizes}
            width={image.width}
            height={image.height}
            alt={alt}
            className={imageClassName}
          />
          <label className="flex items-center gap-2 text-slate-800">
            <input type="checkbox" name={removeName} className="size-5 accent-brand-700" />
            {removeLabel}
          </label>
        </div>
      ) : null}
      <FileField
        label={image ? replaceLabel : label}
        name={IMAGE_FIELD}
        accept={IMAGE_ACCEPT}
        maxBytes={MAX_IMAGE_BYTES}
        kind="image"
        hint={hint}
        error={error}
      />
    </>
  );
}
