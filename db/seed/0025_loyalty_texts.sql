-- German texts of the loyalty club's rewards and articles (loyalty_*_text); the rows' own columns
-- hold the English ones. Shown in the de and ch store views, whose language is de.
INSERT INTO loyalty_reward_text (reward_uuid, language, name, description) VALUES
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0001', 'de', 'Ember Reisetasche', 'Eine weiche Tasche für Ihr Gerät, verschickt mit Ihrer nächsten Bestellung.'),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0002', 'de', 'Ember Umhängeband', 'So haben Sie Ihr Gerät immer griffbereit.'),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0003', 'de', 'Ladegerät in limitierter Auflage', 'Nur wenige Stück gefertigt.'),
  ('7b0e8a52-0c1e-4d55-9a43-1f0d6f6a0103', 'de', '5 € Rabatt', '100 Punkte für 5 € Rabatt.');

INSERT INTO loyalty_article_text (article_id, language, title, summary, body) VALUES
  ('caring-for-your-device', 'de', 'Die richtige Pflege für Ihr Gerät', 'Fünf Gewohnheiten, mit denen Ihr Ember wie neu bleibt.', 'Reinigen Sie die Kontakte wöchentlich mit dem Reinigungsset. Laden Sie nur mit dem Originalkabel. Lassen Sie das Gerät nicht im heißen Auto liegen. Bewahren Sie es in seiner Hülle auf. Aktualisieren Sie es, wenn die App Sie dazu auffordert.'),
  ('flavours-explained', 'de', 'Unsere Geschmacksrichtungen erklärt', 'Von Amber bis Frost: So entstehen unsere Geschmacksrichtungen.', 'Jede Geschmacksrichtung beginnt mit einer Grundmischung, der wir in kleinen Schritten natürliche Aromen hinzufügen, bis der Geschmack ausgewogen ist.'),
  ('travel-with-ember', 'de', 'Mit Ember auf Reisen', 'Was Sie vor dem Flug wissen sollten.', 'Nehmen Sie Ihr Gerät im Handgepäck mit, nie im aufgegebenen Gepäck, und informieren Sie sich über die Regeln an Ihrem Reiseziel.');
