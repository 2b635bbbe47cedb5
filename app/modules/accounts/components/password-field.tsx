import { Eye, EyeOff } from "lucide-react";
import type { ComponentProps } from "react";
import { Field } from "~/components/ui/field";

/** A password field whose visibility is controlled by the caller, so one toggle can serve several fields. */
export function PasswordField({
  isVisible,
  onToggleVisibility,
  ...props
}: Omit<ComponentProps<typeof Field>, "type" | "trailing"> & { isVisible: boolean; onToggleVisibility: () => void }) {
  return (
    <Field
      {...props}
      type={isVisible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={onToggleVisibility}
          aria-label={isVisible ? "Ocultar senha" : "Mostrar senha"}
          aria-pressed={isVisible}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-slate-600 hover:text-slate-900"
        >
          {isVisible ? <EyeOff aria-hidden className="size-5" /> : <Eye aria-hidden className="size-5" />}
        </button>
      }
    />
  );
}
