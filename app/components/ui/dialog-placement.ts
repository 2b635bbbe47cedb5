import { cx } from "~/lib/class-names";

const PLACEMENTS = {
  center: "m-auto w-[calc(100vw-2rem)] max-w-md",
  // Spec "Shared layout": the drawers are 300px wide, full height.
  left: "my-0 mr-auto ml-0 h-dvh max-h-none w-[300px] max-w-full",
  right: "my-0 mr-0 ml-auto h-dvh max-h-none w-[300px] max-w-full",
} as const;

export type DialogPlacement = keyof typeof PLACEMENTS;

/**
 * The look of a modal <dialog> at its place on the screen (the box inside
 * draws the panel). Apart from ModalDialog so the public frame's Menu drawer
 * can share it without carrying ModalDialog's code on every page.
 */
export function dialogClass(placement: DialogPlacement) {
  return cx("bg-transparent text-slate-900 backdrop:bg-slate-950/50", PLACEMENTS[placement]);
}
