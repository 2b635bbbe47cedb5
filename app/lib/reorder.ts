/** A row of a list the staff order by hand: its id and its place (1, 2, 3…; a new or imported row may still be 0). */
export type PositionedRow = { id: number; position: number };

/**
 * Moves one row of a list, given in the order it is shown, one place up or
 * down: the rows numbered 1…n in their new order, and only the rows whose
 * number changes to write (all of them the first time, when every row is
 * still 0; two after that). Null when the row is already at that end.
 */
export function moveOnePlace(ordered: readonly PositionedRow[], index: number, direction: "up" | "down") {
  const target = direction === "up" ? index - 1 : index + 1;
  if (target < 0 || target >= ordered.length) return null;
  const rows = [...ordered];
  [rows[index], rows[target]] = [rows[target]!, rows[index]!];
  const changes = rows.flatMap((row, offset) => (row.position === offset + 1 ? [] : [{ id: row.id, position: offset + 1 }]));
  return { changes, from: index + 1, to: target + 1 };
}
