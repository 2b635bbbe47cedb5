import { useState, type FormEvent } from "react";
import type { AuthResult } from "../auth-client";

/**
 * One way to send an auth form: read its fields, run a local check, call the
 * server, and keep the pending flag and the error for the destructive alert.
 */
export function useAuthSubmit<Fields extends string>(
  fieldNames: readonly Fields[],
  submit: (values: Record<Fields, string>) => Promise<AuthResult>,
  handlers: {
    check?: (values: Record<Fields, string>) => string | null;
    onSuccess: () => void | Promise<void>;
    onFailure?: () => void;
  },
) {
  const [isPending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isPending) return;
    const form = new FormData(event.currentTarget);
    const values = Object.fromEntries(fieldNames.map((name) => [name, String(form.get(name) ?? "")])) as Record<Fields, string>;
    const problem = handlers.check?.(values) ?? null;
    if (problem) {
      setError(problem);
      handlers.onFailure?.();
      return;
    }
    setPending(true);
    setError(null);
    const result = await submit(values);
    setPending(false);
    if (result.ok) {
      await handlers.onSuccess();
    } else {
      setError(result.message);
      handlers.onFailure?.();
    }
  }

  return { isPending, error, setError, onSubmit };
}
