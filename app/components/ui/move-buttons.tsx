import { ArrowDown, ArrowUp } from "lucide-react";
import { Button } from "./button";
import { IconRef } from "./icon-sprite";

/** The arrows of MoveButtons, for a list page's IconSprite when its rows show them by reference (`drawnOnce`). */
export const MOVE_ICONS = { "icone-subir": ArrowUp, "icone-descer": ArrowDown } as const;

/**
 * "Subir" and "Descer" for one item of an ordered list, inside the item's own
 * form: they post `intent=up` or `intent=down`. `label` names the item for
 * screen readers ("Subir “Troca de tela”"); the first item cannot go up, the
 * last cannot go down (`isLast` unknown on a paged list: down stays enabled).
 * `drawnOnce`: the page draws MOVE_ICONS in its IconSprite and the arrows
 * point at them.
 */
export function MoveButtons({
  label,
  isFirst,
  isLast = false,
  drawnOnce = false,
}: {
  label: string;
  isFirst: boolean;
  isLast?: boolean;
  drawnOnce?: boolean;
}) {
  return (
    <>
      <Button type="submit" name="intent" value="up" variant="outline" size="sm" disabled={isFirst}>
        {drawnOnce ? <IconRef id="icone-subir" /> : <ArrowUp aria-hidden className="size-4" />}
        Subir<span className="sr-only"> {label}</span>
      </Button>
      <Button type="submit" name="intent" value="down" variant="outline" size="sm" disabled={isLast}>
        {drawnOnce ? <IconRef id="icone-descer" /> : <ArrowDown aria-hidden className="size-4" />}
        Descer<span className="sr-only"> {label}</span>
      </Button>
    </>
  );
}
