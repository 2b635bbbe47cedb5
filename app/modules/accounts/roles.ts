export const ROLES = ["owner", "staff", "customer"] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** An unknown or missing role is a customer's: staff access is never the default. */
export function roleOf(value: unknown): Role {
  return isRole(value) ? value : "customer";
}

export function isStaffRole(role: Role) {
  return role === "owner" || role === "staff";
}

export const ROLE_LABELS: Record<Role, string> = { owner: "Proprietário", staff: "Equipe", customer: "Cliente" };
