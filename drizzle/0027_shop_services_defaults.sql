-- The services the public site listed before the shop could edit them: the
-- spec's twelve cards of the home's "Nossos Serviços" (priority 1 to 12) and
-- the footer's three lines. From here on they are the shop's to change
-- (/blog-management/servicos).
INSERT INTO "shop_services" ("placement", "icon", "title", "description", "details", "position") VALUES
  ('home', 'smartphone', 'Conserto de Celulares', 'Troca de tela, bateria, conector de carga, câmera e alto-falante de todas as marcas.', 'Diagnóstico gratuito, peças de qualidade e garantia em todos os reparos.', 1),
  ('home', 'headphones', 'Venda de Acessórios', 'Capas, películas, carregadores, cabos, fones de ouvido e caixas de som.', 'Aplicação de película na hora e acessórios para os modelos mais recentes.', 2),
  ('home', 'shopping-bag', 'Venda de Celulares', 'Aparelhos novos e seminovos revisados, das principais marcas.', 'Seminovos testados ponto a ponto, com nota fiscal e garantia.', 3),
  ('home', 'printer', 'Gráfica Rápida', 'Impressões, cópias, encadernação, plastificação, cartões de visita e panfletos.', 'Impressão colorida ou preto e branco, muitos trabalhos prontos no mesmo dia.', 4),
  ('home', 'monitor', 'Conserto de Computadores', 'Formatação, limpeza, troca de peças e upgrades de desktops e notebooks.', 'Instalação de SSD e memória, remoção de vírus e backup dos seus arquivos.', 5),
  ('home', 'laptop', 'Venda de Notebooks', 'Notebooks para estudo, trabalho e jogos, novos e seminovos.', 'Ajudamos a escolher a configuração certa para o seu uso e orçamento.', 6),
  ('home', 'palette', 'Design Gráfico', 'Criação de logotipos, identidade visual, artes para redes sociais e materiais impressos.', 'Arte pronta para imprimir aqui mesmo na nossa gráfica.', 7),
  ('home', 'globe', 'Criação de Sites', 'Sites institucionais, páginas de venda e lojas virtuais rápidas e responsivas.', 'Domínio, hospedagem e otimização para o Google inclusos no projeto.', 8),
  ('home', 'app-window', 'Criação de Aplicativos (Android e iOS)', 'Aplicativos sob medida para o seu negócio, publicados nas lojas Google Play e App Store.', 'Do protótipo à publicação, com suporte após o lançamento.', 9),
  ('home', 'megaphone', 'Gestão de Tráfego Pago (Google, Meta)', 'Campanhas no Google Ads, Facebook e Instagram para atrair mais clientes.', 'Planejamento, acompanhamento e relatórios mensais de resultados.', 10),
  ('home', 'building', 'Assistência Empresarial', 'Suporte técnico para empresas: computadores, celulares corporativos, redes e impressoras.', 'Atendimento prioritário e contratos de manutenção sob medida.', 11),
  ('home', 'circuit-board', 'Reparo em Placas', 'Microssoldagem e reparo de placas de celulares e notebooks que outros não consertam.', 'Recuperação de aparelhos que não ligam, com oxidação ou curto-circuito.', 12),
  ('footer', '', 'Conserto de celulares', '', '', 1),
  ('footer', '', 'Gráfica rápida', '', '', 2),
  ('footer', '', 'Serviços expressos', '', '', 3);
