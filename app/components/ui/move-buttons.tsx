import { ArrowDown, ArrowUp } from "lucide-react";
import { Button } from "./button";

/**
 * "Subir" and "Descer" for one item of an ordered list, inside the item's own
 * form: they post `intent=up` or `intent=down`. `label` names the item for
 * screen readers ("Subir “Troca de tela”"); the first item cannot go up, the
 * last cannot go down (`isLast` unknown on a paged list: down stays enabled).
 */
export function MoveButtons({ label, isFirst, isLast = false }: { label: string; isFirst: boolean; isLast?: boolean }) {
  return (
    <>
      <Button type="submit" name="intent" value="up" variant="outline" size="sm" disabled={isFirst}>
        <ArrowUp aria-hidden className="size-4" />
        Subir<span className="sr-only"> {label}</span>
      </Button>
      <Button type="submit" name="intent" value="down" variant="outline" size="sm" disabled={isLast}>
        <ArrowDown aria-hidden className="size-4" />
        Descer<span className="sr-only"> {label}</span>
      </Button>
    </>
  );
}
