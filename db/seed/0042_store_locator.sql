-- Demo stores of the store locator: Ember shops, partner kiosks and service points in the UK, Germany
-- and Switzerland, with their opening hours, services and the store views that show them. The stores
-- flagged is_pickup are the checkout's pick-up locations (the codes the checkout knew before).

INSERT INTO store_locator_service (code, position) VALUES
  ('device_repair', 1), ('device_recycling', 2), ('click_collect', 3), ('trial_devices', 4), ('wheelchair_access', 5);

INSERT INTO store_locator_service_text (code, language, label) VALUES
  ('device_repair', 'en', 'Device repair'), ('device_repair', 'de', 'Gerätereparatur'),
  ('device_recycling', 'en', 'Device recycling'), ('device_recycling', 'de', 'Geräte-Recycling'),
  ('click_collect', 'en', 'Click and collect'), ('click_collect', 'de', 'Online bestellen, im Laden abholen'),
  ('trial_devices', 'en', 'Try a device'), ('trial_devices', 'de', 'Geräte ausprobieren'),
  ('wheelchair_access', 'en', 'Step-free access'), ('wheelchair_access', 'de', 'Stufenloser Zugang');

INSERT INTO store_locator_store (id, external_id, type, name, street, city, postcode, country_code, telephone, latitude, longitude, timezone) VALUES
  ('gb-london-carnaby', 'EMB-GB-0001', 'shop', 'Ember Store London Carnaby', '12 Carnaby Street', 'London', 'W1F 9PS', 'GB', '+442079460000', 51.513200, -0.139100, 'Europe/London'),
  ('gb-trial-london', 'EMB-GB-0001-T', 'shop', 'Ember Store London Carnaby', '12 Carnaby Street', 'London', 'W1F 9PS', 'GB', '+442079460000', 51.513200, -0.139100, 'Europe/London'),
  ('gb-london-victoria', 'EMB-GB-0002', 'kiosk', 'Ember Kiosk Victoria Station', 'Victoria Street', 'London', 'SW1V 1JU', 'GB', '+442079460010', 51.495200, -0.144100, 'Europe/London'),
  ('gb-london-kings-cross', 'EMB-GB-0003', 'kiosk', 'Ember Kiosk King''s Cross', 'Euston Road', 'London', 'N1C 4QP', 'GB', '+442079460020', 51.530800, -0.123800, 'Europe/London'),
  ('gb-london-canary-wharf', 'EMB-GB-0004', 'service_point', 'Ember Service Point Canary Wharf', '25 Cabot Square', 'London', 'E14 4QA', 'GB', '+442079460030', 51.505200, -0.023600, 'Europe/London'),
  ('gb-manchester', 'EMB-GB-0010', 'shop', 'Ember Store Manchester', '45 Market Street', 'Manchester', 'M1 1WR', 'GB', '+441619460000', 53.482700, -2.241500, 'Europe/London'),
  ('gb-birmingham', 'EMB-GB-0020', 'shop', 'Ember Store Birmingham', '88 New Street', 'Birmingham', 'B2 4BA', 'GB', '+441219460000', 52.478900, -1.897100, 'Europe/London'),
  ('gb-leeds', 'EMB-GB-0030', 'kiosk', 'Ember Kiosk Leeds Trinity', 'Albion Street', 'Leeds', 'LS1 5AT', 'GB', '+441139460000', 53.796300, -1.545300, 'Europe/London'),
  ('gb-bristol', 'EMB-GB-0040', 'service_point', 'Ember Service Point Bristol', '14 Broadmead', 'Bristol', 'BS1 3HH', 'GB', '+441179460000', 51.458300, -2.589500, 'Europe/London'),
  ('gb-edinburgh', 'EMB-GB-0050', 'shop', 'Ember Store Edinburgh', '101 Princes Street', 'Edinburgh', 'EH2 3AA', 'GB', '+441319460000', 55.952600, -3.196200, 'Europe/London'),
  ('gb-glasgow', 'EMB-GB-0060', 'kiosk', 'Ember Kiosk Glasgow Buchanan', 'Buchanan Street', 'Glasgow', 'G1 3HL', 'GB', '+441419460000', 55.861500, -4.253400, 'Europe/London'),
  ('gb-cardiff', 'EMB-GB-0070', 'service_point', 'Ember Service Point Cardiff', '30 Queen Street', 'Cardiff', 'CF10 2BY', 'GB', '+442920460000', 51.481600, -3.173600, 'Europe/London'),
  ('de-berlin', 'EMB-DE-0001', 'shop', 'Ember Store Berlin', 'Friedrichstraße 68', 'Berlin', '10117', 'DE', '+493094600000', 52.511500, 13.389700, 'Europe/Berlin'),
  ('de-berlin-alexanderplatz', 'EMB-DE-0002', 'kiosk', 'Ember Kiosk Alexanderplatz', 'Alexanderplatz 1', 'Berlin', '10178', 'DE', '+493094600010', 52.521900, 13.411500, 'Europe/Berlin'),
  ('de-berlin-kudamm', 'EMB-DE-0003', 'service_point', 'Ember Servicepunkt Kurfürstendamm', 'Kurfürstendamm 21', 'Berlin', '10719', 'DE', '+493094600020', 52.503200, 13.332600, 'Europe/Berlin'),
  ('de-muenchen', 'EMB-DE-0010', 'shop', 'Ember Store München', 'Kaufingerstraße 9', 'München', '80331', 'DE', '+498994600000', 48.137100, 11.573000, 'Europe/Berlin'),
  ('de-muenchen-schwabing', 'EMB-DE-0011', 'kiosk', 'Ember Kiosk Schwabing', 'Leopoldstraße 44', 'München', '80802', 'DE', '+498994600010', 48.158900, 11.585600, 'Europe/Berlin'),
  ('de-hamburg', 'EMB-DE-0020', 'shop', 'Ember Store Hamburg', 'Mönckebergstraße 7', 'Hamburg', '20095', 'DE', '+494094600000', 53.550700, 10.000200, 'Europe/Berlin'),
  ('de-hamburg-altona', 'EMB-DE-0021', 'service_point', 'Ember Servicepunkt Altona', 'Ottenser Hauptstraße 10', 'Hamburg', '22765', 'DE', '+494094600010', 53.551600, 9.933100, 'Europe/Berlin'),
  ('de-koeln', 'EMB-DE-0030', 'kiosk', 'Ember Kiosk Köln Hbf', 'Trankgasse 11', 'Köln', '50667', 'DE', '+492219460000', 50.943000, 6.958300, 'Europe/Berlin'),
  ('de-frankfurt', 'EMB-DE-0040', 'shop', 'Ember Store Frankfurt', 'Zeil 90', 'Frankfurt am Main', '60313', 'DE', '+496994600000', 50.114800, 8.682700, 'Europe/Berlin'),
  ('ch-zuerich', 'EMB-CH-0001', 'shop', 'Ember Store Zürich', 'Bahnhofstrasse 42', 'Zürich', '8001', 'CH', '+41449460000', 47.372600, 8.538300, 'Europe/Zurich'),
  ('ch-zuerich-oerlikon', 'EMB-CH-0002', 'kiosk', 'Ember Kiosk Oerlikon', 'Franklinstrasse 1', 'Zürich', '8050', 'CH', '+41449460010', 47.411600, 8.544100, 'Europe/Zurich'),
  ('ch-basel', 'EMB-CH-0010', 'shop', 'Ember Store Basel', 'Freie Strasse 20', 'Basel', '4001', 'CH', '+41619460000', 47.557900, 7.589200, 'Europe/Zurich'),
  ('ch-geneve', 'EMB-CH-0020', 'shop', 'Ember Store Genève', 'Rue du Rhône 50', 'Genève', '1204', 'CH', '+41229460000', 46.203600, 6.149300, 'Europe/Zurich'),
  ('ch-bern', 'EMB-CH-0030', 'service_point', 'Ember Servicepunkt Bern', 'Spitalgasse 4', 'Bern', '3011', 'CH', '+41319460000', 46.948100, 7.441200, 'Europe/Zurich');

-- The UK stores in gb (the trial's own London pick-up point in gb_trial), the German in de, the Swiss in ch.
INSERT INTO store_locator_store_view (store_code, store_id, is_pickup, position)
SELECT CASE WHEN s.id = 'gb-trial-london' THEN 'gb_trial' ELSE lower(s.country_code) END, s.id,
       s.id IN ('gb-london-carnaby', 'gb-manchester', 'gb-trial-london', 'de-berlin', 'de-muenchen', 'ch-zuerich', 'ch-basel'),
       CASE WHEN s.id IN ('gb-london-carnaby', 'gb-trial-london', 'de-berlin', 'ch-zuerich') THEN 1
            WHEN s.id IN ('gb-manchester', 'de-muenchen', 'ch-basel') THEN 2 ELSE 10 END
  FROM store_locator_store s;

-- Shops: Monday to Saturday 10 to 20 in the UK and Germany, 9 to 20 in Switzerland; Sunday 12 to 18 in the UK.
INSERT INTO store_locator_opening_hours (store_id, weekday, opens, closes)
SELECT s.id, d, CASE WHEN s.country_code = 'CH' THEN time '09:00' ELSE time '10:00' END, time '20:00'
  FROM store_locator_store s CROSS JOIN generate_series(1, 6) AS d WHERE s.type = 'shop';
INSERT INTO store_locator_opening_hours (store_id, weekday, opens, closes)
SELECT s.id, 7, time '12:00', time '18:00' FROM store_locator_store s WHERE s.type = 'shop' AND s.country_code = 'GB';
-- Kiosks at stations: every day 6 to 22.
INSERT INTO store_locator_opening_hours (store_id, weekday, opens, closes)
SELECT s.id, d, time '06:00', time '22:00' FROM store_locator_store s CROSS JOIN generate_series(1, 7) AS d WHERE s.type = 'kiosk';
-- Service points: weekdays 9 to 13 and 14 to 18, Saturday 10 to 14.
INSERT INTO store_locator_opening_hours (store_id, weekday, opens, closes)
SELECT s.id, d, span.opens, span.closes
  FROM store_locator_store s CROSS JOIN generate_series(1, 5) AS d
  CROSS JOIN (VALUES (time '09:00', time '13:00'), (time '14:00', time '18:00')) AS span (opens, closes)
 WHERE s.type = 'service_point';
INSERT INTO store_locator_opening_hours (store_id, weekday, opens, closes)
SELECT s.id, 6, time '10:00', time '14:00' FROM store_locator_store s WHERE s.type = 'service_point';

INSERT INTO store_locator_store_service (store_id, service_code)
SELECT s.id, c.code FROM store_locator_store s
  CROSS JOIN (VALUES ('device_repair'), ('device_recycling'), ('trial_devices'), ('wheelchair_access')) AS c (code)
 WHERE s.type = 'shop';
INSERT INTO store_locator_store_service (store_id, service_code)
SELECT v.store_id, 'click_collect' FROM store_locator_store_view v WHERE v.is_pickup;
INSERT INTO store_locator_store_service (store_id, service_code)
SELECT s.id, c.code FROM store_locator_store s
  CROSS JOIN (VALUES ('device_repair'), ('device_recycling')) AS c (code)
 WHERE s.type = 'service_point';

INSERT INTO store_locator_store_text (store_id, language, description)
SELECT s.id, 'en',
       CASE s.type WHEN 'shop' THEN 'Our own store: every device and blend to try, advice, repairs and recycling.'
                   WHEN 'kiosk' THEN 'A partner kiosk selling Ember sticks and accessories.'
                   ELSE 'Bring a device for repair or recycling, or collect a replacement.' END
  FROM store_locator_store s WHERE s.country_code = 'GB';
INSERT INTO store_locator_store_text (store_id, language, description)
SELECT s.id, 'de',
       CASE s.type WHEN 'shop' THEN 'Unser eigener Laden: alle Geräte und Sorten zum Ausprobieren, Beratung, Reparatur und Recycling.'
                   WHEN 'kiosk' THEN 'Ein Partnerkiosk mit Ember Sticks und Zubehör.'
                   ELSE 'Bringen Sie Ihr Gerät zur Reparatur oder zum Recycling, oder holen Sie ein Ersatzgerät ab.' END
  FROM store_locator_store s WHERE s.country_code IN ('DE', 'CH');
