/**
 * The rows of an imported file that were refused, each with its line (or
 * item) and why, the first ones only when there are many: the inventory's
 * and the reviews' import reports.
 */
export function ImportProblems({
  problems,
  problemCount,
  rowWord = "Linha",
}: {
  problems: readonly { line: number; message: string }[];
  /** How many were refused in all; `problems` may hold only the first ones. */
  problemCount: number;
  rowWord?: string;
}) {
  return (
    <>
      <ul className="divide-y divide-slate-200 rounded-lg border border-red-200 bg-white text-sm">
        {problems.map((problem) => (
          <li key={problem.line} className="px-3 py-2">
            <span className="font-semibold">
              {rowWord} {problem.line}:
            </span>{" "}
            {problem.message}
          </li>
        ))}
      </ul>
      {problemCount > problems.length ? <p className="text-sm text-slate-600">E mais {problemCount - problems.length}.</p> : null}
    </>
  );
}
