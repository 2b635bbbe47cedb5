import { useId } from "react";
import { IMAGE_FIELD } from "~/lib/uploads/image-upload-error";
import type { UploadedImage } from "~/lib/uploads/uploaded-image";
import { FieldMessage, inputClass } from "./field";

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
  const id = useId();
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
      <div className="space-y-1.5">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {image ? replaceLabel : label}
        </label>
        <input
          id={id}
          type="file"
          name={IMAGE_FIELD}
          accept="image/jpeg,image/png,image/webp"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          className={`${inputClass} py-2`}
        />
        <FieldMessage id={id} error={error} hint={hint} />
      </div>
    </>
  );
}
