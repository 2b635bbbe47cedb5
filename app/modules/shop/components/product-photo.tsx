import { Cable, Headphones, Package, Printer, Smartphone, Wrench } from "lucide-react";
import type { ProductKind } from "~/db/schema/inventory";
import { cx } from "~/lib/class-names";
import type { ShopPhoto } from "../queries.server";

/** A drawn stand-in for a product without a photo: an icon of its kind on a soft square. */
function PlaceholderIcon({ kind, category }: { kind: ProductKind; category: string }) {
  const text = category.toLowerCase();
  const className = "size-1/3 text-brand-700/40";
  if (kind === "service") {
    return /impress|gráfic|grafic|design/.test(text) ? (
      <Printer className={className} strokeWidth={1.25} />
    ) : (
      <Wrench className={className} strokeWidth={1.25} />
    );
  }
  if (/celular|smartphone|telefone/.test(text)) return <Smartphone className={className} strokeWidth={1.25} />;
  if (/cabo|carregador/.test(text)) return <Cable className={className} strokeWidth={1.25} />;
  if (/fone|áudio|audio/.test(text)) return <Headphones className={className} strokeWidth={1.25} />;
  if (kind === "part") return <Wrench className={className} strokeWidth={1.25} />;
  return <Package className={className} strokeWidth={1.25} />;
}

/**
 * A product's photo, square, from the upload's WebP sizes (`sizes` says how
 * wide it is drawn, so a phone fetches the 320 px file), with its width and
 * height reserving the space; or a placeholder.
 */
export function ProductPhoto({
  photo,
  kind,
  category,
  alt,
  sizes,
  isPriority = false,
  isAboveTheFold = isPriority,
  className,
}: {
  photo: ShopPhoto | null;
  kind: ProductKind;
  category: string;
  alt: string;
  sizes: string;
  /** The product page's photo is its largest content: loaded at once, not lazily. */
  isPriority?: boolean;
  /** Drawn in the first screen (the catalogue's first row): not lazy, or it would wait for layout to be asked for. */
  isAboveTheFold?: boolean;
  className?: string;
}) {
  const frame = cx("aspect-square w-full overflow-hidden bg-slate-50", className);
  if (!photo) {
    return (
      <div
        aria-hidden="true"
        className={cx(frame, "flex items-center justify-center bg-gradient-to-br from-brand-50 to-slate-100")}
      >
        <PlaceholderIcon kind={kind} category={category} />
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={photo.src}
        srcSet={photo.srcSet}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={isAboveTheFold ? "eager" : "lazy"}
        fetchPriority={isPriority ? "high" : undefined}
        decoding="async"
        className="size-full object-contain"
      />
    </div>
  );
}
