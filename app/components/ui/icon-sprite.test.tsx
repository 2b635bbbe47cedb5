import { ArrowDown, ArrowUp } from "lucide-react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { IconSprite } from "./icon-sprite";
import { MOVE_ICONS, MoveButtons } from "./move-buttons";

const pathsOf = (html: string) => [...html.matchAll(/<path d="([^"]+)"/g)].map((match) => match[1]);

describe("icons drawn once per page (IconSprite) and shown by reference", () => {
  it("every arrow a row points at is drawn in the sprite, with lucide's own shapes", () => {
    const html = renderToStaticMarkup(
      <>
        <IconSprite icons={MOVE_ICONS} />
        <MoveButtons label="Ana" isFirst={false} drawnOnce />
        <MoveButtons label="Bia" isFirst drawnOnce />
      </>,
    );
    const references = [...html.matchAll(/<use href="#([^"]+)"/g)].map((match) => match[1]!);
    expect(references).toEqual(["icone-subir", "icone-descer", "icone-subir", "icone-descer"]);
    for (const id of new Set(references)) expect(html).toContain(`id="${id}"`);
    const drawn = pathsOf(html);
    expect(drawn).toEqual([...pathsOf(renderToStaticMarkup(<ArrowUp />)), ...pathsOf(renderToStaticMarkup(<ArrowDown />))]);
    // The rows carry no copy of the shapes, and the buttons read as before.
    expect(html.match(/<path /g)).toHaveLength(drawn.length);
    expect(html).toContain('value="up" disabled=""');
    expect(html).toContain('Subir<span class="sr-only"> Bia</span>');
  });

  it("without drawnOnce the arrows are drawn in the buttons, as on the other lists", () => {
    const html = renderToStaticMarkup(<MoveButtons label="Ana" isFirst={false} />);
    expect(html).not.toContain("<use");
    expect(pathsOf(html)).toEqual([
      ...pathsOf(renderToStaticMarkup(<ArrowUp />)),
      ...pathsOf(renderToStaticMarkup(<ArrowDown />)),
    ]);
  });
});
