import type { blogPosts } from "~/db/schema/blog";

type DemoPost = typeof blogPosts.$inferInsert;

const AUTHOR = "Equipe Balcão";

/**
 * Posts of a fresh database: seven published (more than one page of /blog),
 * one draft and one scheduled far ahead, which the public site must not show.
 */
export const DEMO_BLOG_POSTS: DemoPost[] = [
  {
    slug: "bateria-do-celular-durando-pouco",
    title: "Bateria do celular durando pouco? 7 causas e o que fazer",
    excerpt: "Antes de trocar a bateria, veja o que pode estar drenando a carga e quando a troca realmente vale a pena.",
    tags: ["bateria", "dicas"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-03-04T13:00:00Z"),
    bodyMarkdown: `Uma bateria de celular perde capacidade com o tempo: depois de uns **500 ciclos de carga**, é comum ela guardar só 80% do que guardava nova. Mas nem toda bateria fraca precisa ser trocada.

## O que drena a carga sem você perceber

1. **Brilho da tela no máximo** — a tela é o que mais consome energia.
2. **Aplicativos em segundo plano** que usam localização o tempo todo.
3. **Sinal fraco**: o aparelho gasta mais energia procurando rede.
4. **Atualizações pendentes** do sistema, que às vezes corrigem falhas de consumo.
5. **Calor**: deixar o celular no sol ou carregando debaixo do travesseiro acelera o desgaste.
6. **Carregadores de má qualidade**, que entregam corrente instável.
7. **Bateria estufada** — se a tampa traseira está levantando, pare de usar o aparelho e traga para avaliação.

## Quando vale trocar

Se a saúde da bateria (em *Ajustes › Bateria*) está abaixo de 80%, ou se o celular desliga sozinho com carga sobrando, a troca resolve. Na nossa loja ela leva, em geral, menos de uma hora e tem **garantia de 90 dias**.

> Dica: carregue entre 20% e 80% sempre que puder. A bateria agradece.`,
  },
  {
    slug: "celular-molhou-o-que-fazer",
    title: "Celular molhou: o que fazer (e o que nunca fazer) nos primeiros minutos",
    excerpt: "Arroz não conserta celular. Veja os passos certos para aumentar a chance de salvar o aparelho e seus dados.",
    tags: ["emergência", "dicas"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-04-15T13:00:00Z"),
    bodyMarkdown: `Caiu na piscina, na pia ou tomou chuva? Os primeiros minutos contam muito.

## Faça

- **Desligue o aparelho na hora** e não tente ligar para "testar".
- Tire a capinha, o chip e o cartão de memória.
- Seque por fora com um pano que não solte fiapos.
- Traga para a assistência o quanto antes: a oxidação começa em poucas horas.

## Não faça

- Não coloque no arroz: ele não tira a umidade de dentro e ainda solta pó nas entradas.
- Não use secador de cabelo — o calor pode descolar a tela e danificar a bateria.
- Não carregue o celular molhado.

## E se o celular for "à prova d'água"?

A certificação (IP67, IP68) vale para água doce parada e para o aparelho novo. Com o tempo, quedas e trocas de tela, a vedação se perde. Água salgada ou com cloro também é mais agressiva.

Na limpeza química, desmontamos o aparelho, limpamos a placa e avaliamos cada componente. Você recebe o orçamento antes de qualquer reparo.`,
  },
  {
    slug: "pelicula-de-vidro-ou-hidrogel",
    title: "Película de vidro, hidrogel ou cerâmica: qual escolher?",
    excerpt: "Cada tipo de película protege de um jeito. Compare resistência, toque e preço antes de comprar.",
    tags: ["acessórios", "tela"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-05-20T13:00:00Z"),
    bodyMarkdown: `Trocar uma tela custa bem mais do que uma boa película. Mas qual delas?

| Tipo | Protege contra | Ponto fraco |
| --- | --- | --- |
| Vidro temperado | riscos e impactos leves | pode trincar na queda (e é para isso que ela serve) |
| Hidrogel | riscos; cobre telas curvas | protege pouco contra impacto |
| Cerâmica | impactos; não estilhaça | risca com mais facilidade |
| Privacidade | olhares curiosos | deixa a tela um pouco mais escura |

## Nossa recomendação

Para a maioria das pessoas, **vidro temperado 3D** com uma capinha de bordas elevadas é a melhor combinação. Para telas curvas, o hidrogel encaixa melhor.

Aplicamos a película na hora, sem bolhas, na compra do acessório na loja.`,
  },
  {
    slug: "quando-vale-a-pena-consertar-o-notebook",
    title: "Quando vale a pena consertar o notebook (e quando trocar)",
    excerpt: "Lentidão, tela quebrada, dobradiça solta: um guia rápido para decidir entre o conserto e um aparelho novo.",
    tags: ["notebook", "computadores"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-06-24T13:00:00Z"),
    bodyMarkdown: `Um notebook lento nem sempre está "velho". Muitas vezes ele só precisa de ajustes baratos.

## Consertos que costumam valer a pena

- **Trocar o HD por um SSD**: o computador liga em segundos e fica várias vezes mais rápido.
- **Aumentar a memória RAM**, quando a placa permite.
- **Limpeza interna e troca da pasta térmica**: resolve aquecimento e desligamentos.
- **Troca de tela, teclado ou bateria**.

## Quando pensar em trocar

Se o conserto passa de metade do valor de um modelo equivalente novo, ou se o processador não dá conta do que você usa hoje, trocar pode sair mais em conta. Nesse caso, temos notebooks novos e seminovos revisados, com garantia.

O diagnóstico é feito antes de qualquer serviço, e você aprova o orçamento por escrito.`,
  },
  {
    slug: "como-fazer-backup-do-celular",
    title: "Como fazer backup do celular antes de levar para o conserto",
    excerpt: "Fotos, conversas e contatos em segurança: um passo a passo para Android e iPhone.",
    tags: ["dados", "dicas"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-08-05T13:00:00Z"),
    bodyMarkdown: `Na grande maioria dos consertos seus dados ficam intactos. Ainda assim, um backup é a melhor garantia.

## Android

1. Abra *Configurações › Google › Backup* e toque em **Fazer backup agora**.
2. No Google Fotos, confira se o backup das fotos está ativo.
3. No WhatsApp: *Configurações › Conversas › Backup de conversas*.

## iPhone

1. Abra *Ajustes › [seu nome] › iCloud › Backup do iCloud* e toque em **Fazer Backup Agora**.
2. Sem espaço no iCloud? Faça o backup pelo computador.

## E a senha?

Para testar o aparelho depois do reparo, pedimos a senha ou o padrão de desbloqueio. Ela fica registrada só na ordem de serviço e é usada apenas para o teste. Se preferir, você pode acompanhar o teste no balcão.`,
  },
  {
    slug: "cartoes-de-visita-que-funcionam",
    title: "Cartões de visita que funcionam: 5 cuidados antes de imprimir",
    excerpt: "Papel, acabamento e um QR code no lugar certo fazem o cartão ser guardado em vez de ir para o lixo.",
    tags: ["gráfica", "design"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-09-16T13:00:00Z"),
    bodyMarkdown: `O cartão de visita ainda é o jeito mais rápido de deixar seu contato com alguém. Alguns cuidados fazem diferença:

1. **Informação essencial só**: nome, o que você faz, WhatsApp e Instagram ou site.
2. **Letra de pelo menos 8 pontos** — contato ilegível não é contato.
3. **QR code** levando direto para o seu WhatsApp ou catálogo.
4. **Papel de 300 g** com laminação fosca: mais durável e agradável ao toque.
5. **Margem de segurança** de 3 mm: nada importante perto do corte.

Na gráfica rápida imprimimos a partir de 100 unidades, e nossa equipe de design monta a arte se você ainda não tiver uma.`,
  },
  {
    slug: "golpes-pelo-whatsapp",
    title: "Golpes pelo WhatsApp: como proteger sua conta em 3 minutos",
    excerpt: "Ative a verificação em duas etapas e aprenda a reconhecer os golpes mais comuns.",
    tags: ["segurança", "dicas"],
    status: "published",
    authorName: AUTHOR,
    publishedAt: new Date("2025-10-21T13:00:00Z"),
    bodyMarkdown: `O golpe mais comum ainda é o do código: alguém pede "o código que chegou por SMS" e assume sua conta.

## Proteja-se agora

- Ative a **confirmação em duas etapas**: *Configurações › Conta › Confirmação em duas etapas*.
- **Nunca** passe códigos recebidos por SMS, nem para quem diz ser da loja, do banco ou do próprio WhatsApp.
- Desconfie de pedidos de dinheiro urgentes, mesmo vindos de contatos conhecidos: ligue para a pessoa.

## A loja nunca pede

Nós nunca pedimos códigos de verificação, senhas de banco ou pagamentos por links de terceiros. Nosso PIX é sempre em nome da empresa, e o número de WhatsApp é o que está no rodapé deste site.`,
  },
  {
    slug: "rascunho-promocao-de-fim-de-ano",
    title: "Promoção de fim de ano (rascunho)",
    excerpt: "Rascunho interno: não deve aparecer no site.",
    tags: ["promoção"],
    status: "draft",
    authorName: AUTHOR,
    publishedAt: null,
    bodyMarkdown: "Texto ainda em revisão.",
  },
  {
    slug: "novidades-da-loja-agendado",
    title: "Novidades da loja (agendado)",
    excerpt: "Post agendado para o futuro: aparece só quando a data chegar.",
    tags: ["novidades"],
    status: "scheduled",
    authorName: AUTHOR,
    publishedAt: new Date("2099-01-01T12:00:00Z"),
    bodyMarkdown: "Em breve.",
  },
];
