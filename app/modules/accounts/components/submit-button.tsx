import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** Spec §4: while the form is sending, submit is disabled and shows a spinner. */
export function SubmitButton({ isPending, children }: { isPending: boolean; children: string }) {
  return (
    <Button type="submit" disabled={isPending} aria-busy={isPending} className="w-full">
      {isPending ? <Spinner /> : null}
      {children}
    </Button>
  );
}
