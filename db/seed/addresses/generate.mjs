// Writes db/seed/0042_addresses.sql: public-looking postal addresses of the demo markets for address
// suggestions and for finding a point by postcode or city (docs/decisions/0061). Deterministic: the same
// streets, numbers and coordinates every run. Run: node db/seed/addresses/generate.mjs
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

// [street, postcode, latitude, longitude, house numbers] per city; the numbers run along the street
// from the given point a few metres apart.
const CITIES = [
  { country: 'GB', city: 'London', region: 'Greater London', streets: [
    ['Baker Street', 'NW1 6XE', 51.5237, -0.1585, 40], ['Oxford Street', 'W1D 1BS', 51.5154, -0.1410, 40],
    ['Carnaby Street', 'W1F 9PS', 51.5132, -0.1391, 30], ['Regent Street', 'W1B 5TR', 51.5113, -0.1376, 40],
    ['Whitehall', 'SW1A 2DD', 51.5045, -0.1263, 30], ['Downing Street', 'SW1A 2AA', 51.5034, -0.1276, 12],
    ['The Mall', 'SW1A 1AA', 51.5041, -0.1366, 20], ['Victoria Street', 'SW1H 0NB', 51.4980, -0.1350, 40],
    ['Buckingham Palace Road', 'SW1W 9SR', 51.4955, -0.1462, 30], ['Strand', 'WC2R 0RN', 51.5105, -0.1185, 40],
    ['Euston Road', 'NW1 2RT', 51.5281, -0.1322, 40], ['Pentonville Road', 'N1 9JY', 51.5309, -0.1130, 30],
    ['Cabot Square', 'E14 4QA', 51.5052, -0.0236, 20], ['Bishopsgate', 'EC2M 4QP', 51.5166, -0.0814, 40],
    ['Kensington High Street', 'W8 5SA', 51.5010, -0.1925, 40], ['King\'s Road', 'SW3 4UD', 51.4874, -0.1687, 40],
    ['Camden High Street', 'NW1 7JE', 51.5390, -0.1426, 40], ['Brixton Road', 'SW9 6DE', 51.4672, -0.1134, 30],
  ] },
  { country: 'GB', city: 'Manchester', region: 'Greater Manchester', streets: [
    ['Market Street', 'M1 1WR', 53.4827, -2.2415, 40], ['Deansgate', 'M3 2BW', 53.4794, -2.2496, 40],
    ['Oxford Road', 'M1 7ED', 53.4721, -2.2390, 40], ['Portland Street', 'M1 3LF', 53.4784, -2.2366, 30],
  ] },
  { country: 'GB', city: 'Birmingham', region: 'West Midlands', streets: [
    ['New Street', 'B2 4BA', 52.4789, -1.8971, 40], ['Broad Street', 'B1 2HF', 52.4772, -1.9120, 40], ['Corporation Street', 'B4 6QB', 52.4817, -1.8950, 30],
  ] },
  { country: 'GB', city: 'Leeds', region: 'West Yorkshire', streets: [
    ['Albion Street', 'LS1 5AT', 53.7963, -1.5453, 30], ['Briggate', 'LS1 6HD', 53.7973, -1.5422, 30],
  ] },
  { country: 'GB', city: 'Bristol', region: 'Bristol', streets: [
    ['Broadmead', 'BS1 3HH', 51.4583, -2.5895, 30], ['Park Street', 'BS1 5NT', 51.4548, -2.6030, 30],
  ] },
  { country: 'GB', city: 'Edinburgh', region: 'Scotland', streets: [
    ['Princes Street', 'EH2 3AA', 55.9526, -3.1962, 40], ['George Street', 'EH2 2LR', 55.9533, -3.2004, 30], ['Royal Mile', 'EH1 1RE', 55.9497, -3.1909, 30],
  ] },
  { country: 'GB', city: 'Glasgow', region: 'Scotland', streets: [
    ['Buchanan Street', 'G1 3HL', 55.8615, -4.2534, 40], ['Sauchiehall Street', 'G2 3EX', 55.8651, -4.2600, 40],
  ] },
  { country: 'GB', city: 'Cardiff', region: 'Wales', streets: [['Queen Street', 'CF10 2BY', 51.4816, -3.1736, 30]] },
  { country: 'DE', city: 'Berlin', region: 'Berlin', streets: [
    ['Friedrichstraße', '10117', 52.5115, 13.3897, 40], ['Unter den Linden', '10117', 52.5170, 13.3889, 40],
    ['Alexanderplatz', '10178', 52.5219, 13.4115, 10], ['Karl-Marx-Allee', '10178', 52.5191, 13.4205, 40],
    ['Kurfürstendamm', '10719', 52.5032, 13.3326, 40], ['Tauentzienstraße', '10789', 52.5015, 13.3417, 30],
    ['Oranienstraße', '10999', 52.5016, 13.4187, 40], ['Kastanienallee', '10435', 52.5377, 13.4083, 40],
    ['Schönhauser Allee', '10437', 52.5452, 13.4125, 40], ['Sonnenallee', '12045', 52.4850, 13.4370, 40],
    ['Torstraße', '10119', 52.5290, 13.4010, 40], ['Invalidenstraße', '10115', 52.5300, 13.3780, 30],
  ] },
  { country: 'DE', city: 'München', region: 'Bayern', streets: [
    ['Kaufingerstraße', '80331', 48.1371, 11.5730, 30], ['Neuhauser Straße', '80331', 48.1389, 11.5680, 30],
    ['Leopoldstraße', '80802', 48.1589, 11.5856, 40], ['Sendlinger Straße', '80331', 48.1347, 11.5697, 30],
    ['Maximilianstraße', '80539', 48.1393, 11.5831, 30], ['Theresienstraße', '80333', 48.1500, 11.5720, 40],
  ] },
  { country: 'DE', city: 'Hamburg', region: 'Hamburg', streets: [
    ['Mönckebergstraße', '20095', 53.5507, 10.0002, 30], ['Jungfernstieg', '20354', 53.5530, 9.9925, 30],
    ['Ottenser Hauptstraße', '22765', 53.5516, 9.9331, 40], ['Reeperbahn', '20359', 53.5497, 9.9600, 40],
    ['Grindelallee', '20146', 53.5670, 9.9840, 40],
  ] },
  { country: 'DE', city: 'Köln', region: 'Nordrhein-Westfalen', streets: [
    ['Trankgasse', '50667', 50.9430, 6.9583, 20], ['Hohe Straße', '50667', 50.9385, 6.9558, 40], ['Schildergasse', '50667', 50.9365, 6.9530, 40],
  ] },
  { country: 'DE', city: 'Frankfurt am Main', region: 'Hessen', streets: [
    ['Zeil', '60313', 50.1148, 8.6827, 40], ['Goethestraße', '60313', 50.1155, 8.6735, 30],
  ] },
  { country: 'CH', city: 'Zürich', region: 'Zürich', streets: [
    ['Bahnhofstrasse', '8001', 47.3726, 8.5383, 40], ['Limmatquai', '8001', 47.3717, 8.5440, 40],
    ['Niederdorfstrasse', '8001', 47.3740, 8.5440, 30], ['Langstrasse', '8004', 47.3780, 8.5260, 40],
    ['Franklinstrasse', '8050', 47.4116, 8.5441, 20], ['Seefeldstrasse', '8008', 47.3580, 8.5510, 40],
  ] },
  { country: 'CH', city: 'Genève', region: 'Genève', streets: [
    ['Rue du Rhône', '1204', 46.2036, 6.1493, 40], ['Rue de la Servette', '1202', 46.2120, 6.1350, 40], ['Boulevard Carl-Vogt', '1205', 46.1980, 6.1380, 30],
  ] },
  { country: 'CH', city: 'Basel', region: 'Basel-Stadt', streets: [
    ['Freie Strasse', '4001', 47.5579, 7.5892, 40], ['Steinenvorstadt', '4051', 47.5530, 7.5870, 30], ['Clarastrasse', '4058', 47.5640, 7.5960, 30],
  ] },
  { country: 'CH', city: 'Bern', region: 'Bern', streets: [
    ['Spitalgasse', '3011', 46.9481, 7.4412, 30], ['Marktgasse', '3011', 46.9483, 7.4440, 30], ['Kramgasse', '3011', 46.9478, 7.4505, 30],
  ] },
];

const q = (v) => (v === null ? 'NULL' : `'${String(v).replaceAll("'", "''")}'`);
const rows = [];
for (const c of CITIES) {
  c.streets.forEach(([street, postcode, lat, lng, count], s) => {
    // Each street runs in its own direction from its point, about 12 m a number.
    const angle = (s * 47) % 180 * (Math.PI / 180);
    for (let n = 1; n <= count; n++) {
      const la = lat + Math.cos(angle) * n * 0.00011;
      const lo = lng + Math.sin(angle) * n * 0.00011 / Math.cos(lat * Math.PI / 180);
      const hash = createHash('sha1').update(`${c.country}|${c.city}|${street}|${n}`).digest('hex').slice(0, 16);
      rows.push(`(${q(hash)}, ${q(c.country)}, ${q(String(n))}, ${q(street)}, ${q(c.city)}, ${q(c.region)}, ${q(postcode)}, ${la.toFixed(6)}, ${lo.toFixed(6)})`);
    }
  });
}

let sql = `-- Written by node db/seed/addresses/generate.mjs (deterministic): ${rows.length} public-looking postal addresses in
-- the UK, German and Swiss demo cities, the address suggestions' and the store locator's postcode and city search.\n`;
for (let i = 0; i < rows.length; i += 500) {
  sql += `\nINSERT INTO address_suggestion_address (hash, country_code, number, street, city, region, postcode, latitude, longitude) VALUES\n  ${rows.slice(i, i + 500).join(',\n  ')};\n`;
}
writeFileSync(path.join(here, '..', '0042_addresses.sql'), sql);
console.log(`${rows.length} addresses`);
