-- Demo pack-code batches (docs/decisions/0048): ids are printed in the codes, so they are given here.
-- Their codes are made with the TEST mode key (PACK_CODE_SECRET unset); README lists a few.
INSERT INTO pack_code_batch (id, sku, produced_on, size, earning_rule) VALUES
  (1, 'STK-AMBER-PACK', DATE '2026-09-01', 100000, 'pack_code_registered'),
  (2, 'STK-MINT-PACK', DATE '2026-09-15', 100000, 'pack_code_registered'),
  (3, 'STK-FROST-PACK', DATE '2026-10-01', 100000, 'pack_code_registered');
