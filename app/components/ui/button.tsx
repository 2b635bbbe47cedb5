import type { ComponentProps } from "react";
import { Link } from "react-router";
import { cx } from "~/lib/class-names";

const VARIANTS = {
  primary: "bg-brand-700 text-white hover:bg-brand-800 disabled:bg-brand-700/60",
  accent: "bg-accent-500 text-slate-950 hover:bg-amber-400",
  outline: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-50",
  ghost: "text-slate-800 hover:bg-slate-100",
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-700/60",
} as const;

/** `wrap`: as tall as `md`, growing when a long label wraps on a narrow phone instead of being clipped. */
const SIZES = { sm: "h-9 px-3 text-sm", md: "h-11 px-4", wrap: "min-h-11 px-4 py-2", icon: "h-11 w-11" } as const;

type Style = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

export function buttonClass({ variant = "primary", size = "md" }: Style = {}, className?: string) {
  return cx(
    "inline-flex items-center justify-center gap-2 rounded-md font-medium transition-colors disabled:cursor-not-allowed",
    VARIANTS[variant],
    SIZES[size],
    className,
  );
}

export function Button({ variant, size, className, type = "button", ...props }: ComponentProps<"button"> & Style) {
  return <button type={type} className={buttonClass({ variant, size }, className)} {...props} />;
}

export function ButtonLink({ variant, size, className, ...props }: ComponentProps<typeof Link> & Style) {
  return <Link className={buttonClass({ variant, size }, className)} {...props} />;
}
