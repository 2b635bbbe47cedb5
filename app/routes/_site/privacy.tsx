import type { ReactNode } from "react";
import { PageIntro } from "~/components/layout/page-intro";
import { pageMeta, siteOrigin } from "~/lib/seo";
import { getShopSettings } from "~/modules/shop-settings/queries.server";
import type { Route } from "./+types/privacy";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  return pageMeta({
    title: `Política de Privacidade — ${loaderData.shop.name}`,
    description:
      "Quais dados coletamos, por que, por quanto tempo os guardamos e como pedir acesso, correção ou exclusão, conforme a LGPD.",
    path: "/privacidade",
    origin: siteOrigin(matches),
  });
}

export async function loader() {
  const shop = await getShopSettings();
  return {
    shop: {
      name: shop.name,
      legalName: shop.legalName,
      cnpj: shop.cnpj,
      email: shop.email,
      address: `${shop.address}, ${shop.city} – ${shop.state}`,
    },
  };
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-2xl font-bold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const COLLECTED = [
  {
    what: "Dados da sua conta",
    detail: "nome, e-mail e senha (guardada só como código irreversível) quando você se cadastra no site.",
    why: "para você entrar, acompanhar seus consertos e seus pontos de fidelidade.",
    howLong: "enquanto a conta existir; apagados em até 15 dias depois de você pedir a exclusão.",
  },
  {
    what: "Ordens de serviço e compras",
    detail:
      "nome, telefone, e-mail, CPF quando há nota fiscal ou crediário, o aparelho, o defeito, o orçamento, os pagamentos e a garantia.",
    why: "para fazer o serviço que você pediu, cumprir a garantia e as obrigações fiscais e do Código de Defesa do Consumidor.",
    howLong:
      "5 anos depois do serviço, o prazo das leis fiscais e de consumo. A senha de desbloqueio do aparelho, quando informada, é apagada da ordem quando o aparelho é entregue.",
  },
  {
    what: "Mensagens de contato",
    detail: "nome, e-mail, telefone (se você informar), assunto e mensagem enviados pela página de contato.",
    why: "para responder você.",
    howLong: "2 anos depois da última conversa, para podermos retomar o atendimento.",
  },
  {
    what: "Estatísticas de visitas",
    detail:
      "cada página vista, o site de onde você veio (só o endereço do site), a campanha do link (utm_source, utm_medium, utm_campaign), se o aparelho é celular, tablet ou computador e qual navegador, e os cliques que nos procuram: abrir o WhatsApp, pedir orçamento, consultar um conserto e enviar o formulário de contato. Sem cookies e sem nada guardado no seu navegador; seu endereço IP não é guardado nem registrado. Para contar visitantes diferentes num dia, calculamos um código a partir do endereço IP, do navegador e do endereço do site com uma chave que muda todo dia e é apagada no dia seguinte: o código não diz quem você é e não liga um dia ao outro. Se o seu navegador pede para não ser rastreado (“Do Not Track” ou “Global Privacy Control”), contamos a página vista sem código nenhum. Robôs e páginas só pré-carregadas não são contados.",
    why: "para saber quais páginas e divulgações ajudam nossos clientes e melhorar o site (legítimo interesse, LGPD art. 7º, IX).",
    howLong: "6 meses; depois disso ficam só totais por dia, que não identificam ninguém.",
  },
  {
    what: "Segurança da conta",
    detail:
      "ao entrar na sua conta e a cada tentativa de entrar, o endereço IP é usado para limitar tentativas abusivas e fica registrado só como um código (feito com uma chave secreta da loja), nunca o endereço em si.",
    why: "para proteger sua conta contra quem tenta adivinhar senhas.",
    howLong: "enquanto a sessão durar (até 30 dias); os limites de tentativas, um dia.",
  },
];

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { shop } = loaderData;
  return (
    <main id="conteudo">
      <PageIntro title="Política de Privacidade">
        <p>
          O que fazemos com os seus dados, em linguagem simples, de acordo com a Lei Geral de Proteção de Dados (Lei nº
          13.709/2018).
        </p>
      </PageIntro>
      <div className="mx-auto max-w-3xl space-y-10 px-4 py-12 leading-relaxed text-slate-800">
        <Section id="quem-somos" title="Quem cuida dos seus dados">
          <p>
            A controladora dos dados é {shop.legalName} (CNPJ {shop.cnpj}), que atende como {shop.name}, em {shop.address}. Para
            qualquer assunto sobre privacidade, escreva para{" "}
            <a href={`mailto:${shop.email}`} className="font-medium text-brand-700 underline underline-offset-2">
              {shop.email}
            </a>
            .
          </p>
        </Section>

        <Section id="o-que-coletamos" title="O que coletamos, por que e por quanto tempo">
          <ul className="space-y-5">
            {COLLECTED.map((item) => (
              <li key={item.what} className="rounded-xl border border-slate-200 bg-white p-5">
                <h3 className="text-lg font-semibold text-slate-900">{item.what}</h3>
                <dl className="mt-2 space-y-1">
                  <div>
                    <dt className="inline font-medium">O quê: </dt>
                    <dd className="inline">{item.detail}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Por quê: </dt>
                    <dd className="inline">{item.why}</dd>
                  </div>
                  <div>
                    <dt className="inline font-medium">Por quanto tempo: </dt>
                    <dd className="inline">{item.howLong}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        </Section>

        <Section id="cookies" title="Cookies">
          <p>
            Usamos no máximo dois cookies, nenhum para publicidade. Um só existe quando você entra na sua conta: ele mantém você
            conectado. O outro só existe se você mudar as opções de acessibilidade (tamanho da letra e alto contraste): guarda
            essas duas escolhas no seu aparelho, e nós não o lemos. Não usamos cookies de rastreamento nem de terceiros.
          </p>
        </Section>

        <Section id="compartilhamento" title="Com quem compartilhamos">
          <p>
            Não vendemos nem alugamos seus dados. Eles só saem da loja quando a lei exige (nota fiscal, ordem judicial) ou para
            quem nos ajuda a prestar o serviço, como o provedor de e-mail e a operadora do cartão ou do PIX, sempre limitado ao
            necessário. Quando você fala conosco pelo WhatsApp, a conversa segue também as regras do próprio WhatsApp.
          </p>
        </Section>

        <Section id="seus-direitos" title="Seus direitos">
          <p>Pela LGPD, você pode a qualquer momento:</p>
          <ul className="list-disc space-y-1 pl-6">
            <li>confirmar se tratamos seus dados e ter acesso a eles, em formato que possa levar para outro lugar;</li>
            <li>corrigir dados incompletos, errados ou desatualizados;</li>
            <li>pedir a exclusão ou a anonimização dos dados que não precisamos mais guardar;</li>
            <li>saber com quem compartilhamos seus dados;</li>
            <li>revogar um consentimento que tenha dado;</li>
            <li>reclamar à Autoridade Nacional de Proteção de Dados (ANPD).</li>
          </ul>
        </Section>

        <Section id="como-pedir" title="Como pedir acesso ou exclusão">
          <p>
            Mande um e-mail para{" "}
            <a href={`mailto:${shop.email}`} className="font-medium text-brand-700 underline underline-offset-2">
              {shop.email}
            </a>{" "}
            com o assunto “Privacidade”, dizendo o que você quer (acesso, correção ou exclusão), ou peça no balcão da loja. Para
            proteger você, confirmamos sua identidade antes de entregar ou apagar qualquer dado. Respondemos em até 15 dias.
          </p>
          <p>
            Se você tem conta no site, pode fazer isso sozinho em{" "}
            <a href="/minha-conta/dados" className="font-medium text-brand-700 underline underline-offset-2">
              Minha conta › Meus dados
            </a>
            : baixar todos os seus dados (um arquivo JSON) e pedir a exclusão da conta, acompanhando a situação e o prazo de 15
            dias do pedido.
          </p>
          <p>
            Alguns registros não podem ser apagados antes do prazo legal, como notas fiscais e ordens de serviço ainda em
            garantia. Nesses casos, separamos o que precisa ficar guardado, anonimizamos o restante e explicamos o motivo na
            resposta.
          </p>
          <p>
            Excluir quer dizer anonimizar: seu nome, telefone, e-mail, CPF/CNPJ, endereço e foto são trocados por “Cliente
            anonimizado nº …” nos cadastros, nos documentos emitidos e nos registros da loja, e sua conta no site é apagada. Os
            valores, as datas e os registros fiscais e financeiros que a lei manda guardar ficam, sem o seu nome. Enquanto houver
            algo pendente entre você e a loja (um crediário ou fiado em aberto, um aparelho ainda na loja), a exclusão espera, e
            dizemos o motivo.
          </p>
          <p>
            Cópias de segurança: o sistema da loja não apaga cópias de segurança sozinho. A rotina que recomendamos à loja faz uma
            cópia por dia e apaga do computador da loja as cópias com mais de 14 dias; assim, dados excluídos ainda podem estar em
            cópias feitas antes da exclusão até elas saírem dessa rotina. Cópias guardadas em outro lugar (um disco externo, um
            serviço de nuvem) seguem o prazo de quem as guarda.
          </p>
        </Section>

        <Section id="seguranca" title="Segurança">
          <p>
            O site usa conexão criptografada, as senhas são guardadas de forma irreversível e só a equipe da loja, com conta
            própria, acessa os dados dos clientes. As ações da equipe ficam registradas.
          </p>
        </Section>

        <p className="text-sm text-slate-600">Esta política pode mudar; a versão em vigor é sempre a publicada nesta página.</p>
      </div>
    </main>
  );
}
