import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, startTestServer, type TestServer } from '../../test/test-app.js';

// Store configuration of docs/decisions/0074: tax display per store view (spec §4), the order
// history's page size (spec §9), and order attributes at unknown placements (spec §2, §5).

let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(async () => {
  await server?.close();
});

const CONFIG = '{ storeConfig { tax_display tax_rate_bp shopping_cart_display_price shopping_cart_display_subtotal orders_page_size } }';

async function setTaxDisplay(store: string, display: string): Promise<void> {
  await server.app.db.query('UPDATE store_view SET tax_display = $2 WHERE code = $1', [store, display]);
  server.app.services.stores.invalidate();
}

describe('tax display per store view', () => {
  it('shows prices including tax in every seeded store view, with its tax rate', async () => {
    for (const [store, rate] of [['gb', 2000], ['de', 1900], ['ch', 810]] as const) {
      const res = await gql(server, CONFIG, {}, { store });
      expect(res.body.data.storeConfig).toEqual({
        tax_display: 'INCLUDING', tax_rate_bp: rate, shopping_cart_display_price: 2, shopping_cart_display_subtotal: 2, orders_page_size: 10,
      });
    }
  });

  it('answers EXCLUDING and BOTH, with Magento\'s cart display codes, once a store view is switched', async () => {
    try {
      await setTaxDisplay('de', 'BOTH');
      const both = await gql(server, CONFIG, {}, { store: 'de' });
      expect(both.body.data.storeConfig).toMatchObject({ tax_display: 'BOTH', shopping_cart_display_price: 3 });
      await setTaxDisplay('de', 'EXCLUDING');
      const excl = await gql(server, CONFIG, {}, { store: 'de' });
      expect(excl.body.data.storeConfig).toMatchObject({ tax_display: 'EXCLUDING', shopping_cart_display_price: 1 });
      const gb = await gql(server, CONFIG, {}, { store: 'gb' });
      expect(gb.body.data.storeConfig.tax_display).toBe('INCLUDING');
    } finally {
      await setTaxDisplay('de', 'INCLUDING');
    }
  });

  it('refuses a tax display the spec does not name, and an order page size out of range', async () => {
    await expect(server.app.db.query(`UPDATE store_view SET tax_display = 'NET' WHERE code = 'gb'`)).rejects.toMatchObject({ code: '23514' });
    await expect(server.app.db.query(`UPDATE store_view SET orders_page_size = 0 WHERE code = 'gb'`)).rejects.toMatchObject({ code: '23514' });
  });
});

describe('order attributes at their placements', () => {
  it('drops an attribute at an unknown placement with a warning: not listed, not required at placeOrder', async () => {
    const code = `gift_${randomUUID().slice(0, 8)}`;
    await server.app.db.query(
      `INSERT INTO orders_attribute (store_code, code, label, input_type, is_required, placement) VALUES ('gb', $1, 'Gift note', 'text', true, 'sidebar_before')`,
      [code],
    );
    try {
      server.app.services.orders.invalidate();
      const res = await gql(server, '{ attributesList(entityType: SALES_ORDER) { items { code } } }', {}, { store: 'gb' });
      expect(res.body.data.attributesList.items.map((i: { code: string }) => i.code)).not.toContain(code);
      expect((await server.app.services.orders.attributes('gb')).map((a) => a.code)).not.toContain(code);
      const warning = logLines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.event === 'order_attribute.dropped' && l.code === code);
      expect(warning).toMatchObject({ placement: 'sidebar_before', store: 'gb' });
    } finally {
      await server.app.db.query('UPDATE orders_attribute SET is_active = false WHERE code = $1', [code]);
      server.app.services.orders.invalidate();
    }
  });

  it('still refuses a placement that is no placement at all', async () => {
    await expect(
      server.app.db.query(`INSERT INTO orders_attribute (store_code, code, label, input_type, placement) VALUES ('gb', $1, 'X', 'text', 'footer')`, [`x_${randomUUID().slice(0, 8)}`]),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
