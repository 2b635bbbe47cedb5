import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import type { FieldErrors } from "~/lib/errors";

export type CustomerAccountRow = { userId: string; name: string; email: string; isLinkedByStaff: boolean };

/**
 * Who sees this customer's orders in "Minha conta": the accounts with the
 * record's e-mail, and those the staff linked; the staff link another one
 * (a record kept under another e-mail) or unlink one (kept, so the same
 * e-mail does not bring the orders back).
 */
export function CustomerAccounts({
  accounts,
  errors,
  typedEmail,
  isSubmitting,
}: {
  accounts: CustomerAccountRow[];
  errors: FieldErrors;
  typedEmail: string;
  isSubmitting: boolean;
}) {
  return (
    <section aria-labelledby="contas-do-cliente" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="contas-do-cliente" className="text-lg font-semibold text-slate-900">
        Acesso pelo site
      </h2>
      <p className="text-sm text-slate-700">
        Quem entra no site com uma destas contas vê as ordens de serviço deste cliente em “Minha conta”.
      </p>
      {accounts.length === 0 ? (
        <p className="text-slate-700">
          Nenhuma conta vê este cadastro. Quem criar uma conta no site com o e-mail deste cadastro passa a ver as suas ordens.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {accounts.map((account) => (
            <li key={account.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{account.name || account.email}</p>
                <p className="text-sm break-words text-slate-700">
                  {account.email} · {account.isLinkedByStaff ? "vinculada pela equipe" : "mesmo e-mail do cadastro"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="unlink-account" />
                <input type="hidden" name="userId" value={account.userId} />
                <Button type="submit" variant="outline" size="sm" disabled={isSubmitting}>
                  Desvincular<span className="sr-only"> a conta {account.email}</span>
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="link-account" />
        <Field
          label="Vincular a conta de outro e-mail"
          name="accountEmail"
          type="email"
          autoComplete="off"
          defaultValue={typedEmail}
          error={errors.accountEmail}
          hint="O e-mail com que o cliente entra no site."
          className="min-w-0 flex-1 basis-64"
        />
        <Button type="submit" disabled={isSubmitting}>
          Vincular conta
        </Button>
      </Form>
      {errors.form ? <p className="text-sm text-red-700">{errors.form}</p> : null}
    </section>
  );
}
