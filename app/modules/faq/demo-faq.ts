import type { faqEntries } from "~/db/schema/faq";

const QUESTIONS: [question: string, answer: string][] = [
  [
    "Quanto tempo demora o conserto do meu celular?",
    "Trocas de tela, bateria e conector de carga costumam ficar prontas no mesmo dia, muitas vezes em até uma hora. Reparos de placa e casos que dependem de peça encomendada levam de 3 a 10 dias úteis. O prazo combinado fica escrito na ordem de serviço, e você acompanha cada etapa em “Consultar Meu Conserto”.",
  ],
  [
    "O orçamento é pago?",
    "Não. A avaliação e o orçamento são gratuitos, e nenhum serviço é feito sem a sua aprovação. Se você não aprovar, devolvemos o aparelho como ele chegou.",
  ],
  [
    "Qual é a garantia dos consertos?",
    "Todo conserto tem garantia mínima de 90 dias, como manda o Código de Defesa do Consumidor, cobrindo a peça trocada e o serviço feito. A garantia não cobre quedas, contato com líquidos ou abertura do aparelho por terceiros depois do reparo. O termo de garantia é entregue junto com o aparelho.",
  ],
  [
    "Quais formas de pagamento vocês aceitam?",
    "Aceitamos PIX, dinheiro e cartão de débito ou crédito, com parcelamento no cartão. Para clientes cadastrados, também temos crediário próprio, sujeito a análise.",
  ],
  [
    "Vou perder minhas fotos e conversas?",
    "Na grande maioria dos consertos os dados ficam intactos. Mesmo assim, recomendamos fazer backup antes de deixar o aparelho. Quando um reparo pode apagar dados (como a reinstalação do sistema), avisamos antes e só seguimos com a sua autorização.",
  ],
  [
    "Por que vocês pedem a senha do aparelho?",
    "A senha ou o padrão de desbloqueio serve só para testar o aparelho depois do reparo (tela, câmeras, som, carregamento). Ela fica registrada apenas na ordem de serviço, visível à equipe técnica. Se preferir não informar, você pode acompanhar os testes no balcão.",
  ],
  [
    "Como sei se o meu conserto está pronto?",
    "Avisamos pelo WhatsApp assim que o aparelho estiver pronto. Você também pode consultar o andamento a qualquer momento em “Consultar Meu Conserto”, com o número da ordem de serviço.",
  ],
  [
    "Por quanto tempo vocês guardam o aparelho depois de pronto?",
    "Pedimos que o aparelho seja retirado em até 30 dias depois do aviso de que está pronto. Depois desse prazo entramos em contato novamente; aparelhos não retirados por 90 dias seguem o que está descrito na ordem de serviço. Para retirar, traga o comprovante da ordem ou um documento com foto do titular.",
  ],
  [
    "Outra pessoa pode retirar meu aparelho?",
    "Pode, desde que traga o comprovante da ordem de serviço e um documento com foto, e que você nos avise pelo WhatsApp com o nome de quem vai retirar.",
  ],
  [
    "Vocês usam peças originais?",
    "Trabalhamos com peças originais e com peças compatíveis de primeira linha. O orçamento informa qual é qual e o preço de cada opção, para você escolher. As duas têm a mesma garantia de 90 dias.",
  ],
  [
    "O que vocês fazem com os meus dados pessoais?",
    "Usamos nome, telefone e e-mail apenas para atender você: abrir a ordem de serviço, avisar do andamento e emitir a garantia. Não vendemos nem compartilhamos seus dados. Você pode pedir acesso ou exclusão a qualquer momento; os detalhes estão na nossa Política de Privacidade.",
  ],
  [
    "Vocês fazem impressões e artes para empresas?",
    "Sim. A gráfica rápida imprime documentos, cartões de visita, panfletos e adesivos, e nossa equipe de design cria logotipos, artes para redes sociais e sites. Peça um orçamento pelo WhatsApp ou pela página de contato.",
  ],
];

/** The FAQ of a fresh database, in display order. */
export const DEMO_FAQ: (typeof faqEntries.$inferInsert)[] = QUESTIONS.map(([question, answer], index) => ({
  question,
  answer,
  position: index + 1,
  isPublished: true,
}));
