import { z } from "zod";
import { requiredText } from "~/lib/forms";
import { MARGIN_SIDES, MAX_MARGIN_MM, type PrintMargins } from "./margins";
import type { Paper } from "./papers";

/** Limits shared by the editor's form and the server. */
export const TEMPLATE_LIMITS = { name: 80 } as const;

export const TemplateNameSchema = requiredText("um nome para o modelo", { max: TEMPLATE_LIMITS.name });

/** What the editor posts for a template, as typed. */
export type TemplateFormValues = {
  name: string;
  body: string;
  margins: Record<(typeof MARGIN_SIDES)[number], string>;
};

/**
 * The margins typed in the editor: all four blank means the paper's usual
 * (null); otherwise each is millimetres from 0 to the paper's most, with a
 * comma or a point.
 */
export function parseMargins(
  paper: Paper,
  typed: TemplateFormValues["margins"],
): { margins: PrintMargins | null } | { errors: Record<string, string> } {
  if (MARGIN_SIDES.every((side) => typed[side].trim() === "")) return { margins: null };
  const max = MAX_MARGIN_MM[paper];
  const errors: Record<string, string> = {};
  const margins = {} as PrintMargins;
  for (const side of MARGIN_SIDES) {
    const text = typed[side].trim().replace(",", ".");
    const value = /^\d{1,2}(\.\d)?$/.test(text) ? Number(text) : Number.NaN;
    if (Number.isNaN(value) || value > max) errors[`margin-${side}`] = `Informe de 0 a ${max} mm (até uma casa decimal).`;
    else margins[side] = value;
  }
  return Object.keys(errors).length > 0 ? { errors } : { margins };
}

export const TemplateNameInputSchema = z.object({ name: TemplateNameSchema });
