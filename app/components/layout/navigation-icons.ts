import { navigationIconId, type StaffAreaKey } from "./staff-areas";
import navigationIconsUrl from "./navigation-icons.svg?url&no-inline";

/**
 * The staff areas' icons live in one SVG file (written by `npm run
 * generate:icons` from STAFF_AREAS), which the navigation's links show by
 * reference. Drawn in the page, they were a quarter of a light staff page's
 * elements, rendered again for every request; the file is fetched once and
 * kept, its name changing with its content.
 */
export const navigationIconHref = (key: StaffAreaKey) => `${navigationIconsUrl}#${navigationIconId(key)}`;
