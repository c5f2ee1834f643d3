-- A partner offer in every regular market: a free cinema ticket code for club members.
INSERT INTO coupon_provider (id, store_codes) VALUES ('cinema-night', ARRAY['gb', 'de', 'ch']);
INSERT INTO coupon_provider_text (provider_id, language, name, description, terms) VALUES
  ('cinema-night', 'en', 'A night at the cinema',
   'One free standard ticket at any Lumen Cinemas screen, our thank-you for being with Ember.',
   'Enter the code at lumen-cinemas.example when you book. One code per customer, valid until the end of the year, not exchangeable for cash.'),
  ('cinema-night', 'de', 'Ein Abend im Kino',
   'Ein kostenloses Standardticket für jede Vorstellung in den Lumen-Kinos, unser Dankeschön dafür, dass Sie bei Ember sind.',
   'Geben Sie den Code bei der Buchung auf lumen-cinemas.example ein. Ein Code pro Kunde, gültig bis Jahresende, keine Barauszahlung.');
-- 500 codes: deterministic, so the demo is the same on every machine.
INSERT INTO coupon_code (provider_id, code)
SELECT 'cinema-night', 'LUMEN-' || upper(substr(md5('cinema-night-' || n), 1, 8))
  FROM generate_series(1, 500) AS n;
