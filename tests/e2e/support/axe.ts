import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/** Each axe violation as "rule (impact): nodes", so a failure says what to fix. */
export async function accessibilityViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}
