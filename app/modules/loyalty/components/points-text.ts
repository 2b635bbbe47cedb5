const POINTS = new Intl.NumberFormat("pt-BR");

/** "1.250 pontos", "1 ponto". */
export function pointsText(points: number) {
  return `${POINTS.format(points)} ${Math.abs(points) === 1 ? "ponto" : "pontos"}`;
}

/** "+10", "−30": a history line's signed points. */
export function signedPoints(points: number) {
  return points > 0 ? `+${POINTS.format(points)}` : points < 0 ? `−${POINTS.format(-points)}` : "0";
}
