import { Share2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";

/**
 * A customer's referral code and the sign-up link that carries it: on the
 * staff's customer page and in the customer's own area. Someone who signs up
 * through the link is recorded as referred by this customer.
 */
export function ReferralShare({ share, isOwn = false }: { share: { code: string; link: string } | null; isOwn?: boolean }) {
  if (!share) return null;
  const message = `Conheça a loja e ganhe desconto no programa de fidelidade: ${share.link}`;
  return (
    <section
      aria-labelledby="indicacao-titulo"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="referral-share"
    >
      <h2 id="indicacao-titulo" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <Share2 aria-hidden className="size-5 text-brand-700" />
        {isOwn ? "Indique um amigo" : "Código de indicação"}
      </h2>
      {isOwn ? (
        <p className="text-sm text-slate-700">
          Quando alguém se cadastra pelo seu link e faz o primeiro serviço, você ganha pontos no programa de fidelidade.
        </p>
      ) : null}
      <p className="text-slate-900">
        Código: <strong className="font-mono tracking-wider">{share.code}</strong>
      </p>
      <p className="break-all text-sm">
        Link:{" "}
        <a href={share.link} className="font-medium text-brand-700 underline underline-offset-2">
          {share.link}
        </a>
      </p>
      <a
        href={`https://wa.me/?text=${encodeURIComponent(message)}`}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-block text-sm font-medium text-brand-700 underline underline-offset-2"
      >
        Compartilhar pelo WhatsApp<span className="sr-only"> (abre em nova aba)</span>
      </a>
    </section>
  );
}

/** The customer's own code and link in "Minha conta", loaded from /minha-conta/indicacao (one line to place it on any account page). */
export function AccountReferralShare() {
  const fetcher = useFetcher<{ share: { code: string; link: string } | null }>();
  const requested = useRef(false);
  const { load } = fetcher;
  useEffect(() => {
    if (requested.current) return;
    requested.current = true;
    void load("/minha-conta/indicacao");
  }, [load]);
  return <ReferralShare share={fetcher.data?.share ?? null} isOwn />;
}
