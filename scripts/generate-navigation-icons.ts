/**
 * npm run generate:icons — writes the staff navigation's icons
 * (app/components/layout/navigation-icons.svg) from STAFF_AREAS. The output is
 * deterministic and committed; run this after changing an area's icon
 * (scripts/navigation-icons.test.ts fails until then).
 */
import fs from "node:fs";
import { NAVIGATION_ICONS_FILE, navigationIconsSvg } from "./support/navigation-icons";

const svg = navigationIconsSvg();
fs.writeFileSync(NAVIGATION_ICONS_FILE, svg);
console.log(`${NAVIGATION_ICONS_FILE}: ${svg.length} bytes`);
