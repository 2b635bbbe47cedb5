import { format } from "node:util";

/**
 * STYLE: a test fails on an unexpected console.error. tests/setup.ts installs
 * the recorder and checks it after each test; a test that provokes an error
 * on purpose takes it with expectConsoleError.
 */
const recorded: string[] = [];
let original: typeof console.error | undefined;

export function recordConsoleErrors() {
  original ??= console.error;
  console.error = (...args: unknown[]) => {
    recorded.push(format(...args));
  };
}

/** Removes and returns the recorded errors matching `pattern`; fails when there is none. */
export function expectConsoleError(pattern: RegExp): string[] {
  const matching = recorded.filter((line) => pattern.test(line));
  if (matching.length === 0) throw new Error(`esperava um console.error com ${pattern}, nenhum foi registrado`);
  for (const line of matching) recorded.splice(recorded.indexOf(line), 1);
  return matching;
}

/** Throws (failing the test or hook that calls it) when errors were recorded, then forgets them. */
export function failOnConsoleErrors(when: string) {
  if (recorded.length === 0) return;
  const lines = recorded.splice(0).map((line) => `  ${line}`);
  throw new Error(`console.error inesperado ${when}:\n${lines.join("\n")}`);
}
