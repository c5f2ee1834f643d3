import { describe, expect, it } from 'vitest';
import { splitStatements } from './db.js';

describe('splitStatements', () => {
  it('splits on line-ending semicolons, skips comment lines and keeps dollar-quoted bodies whole', () => {
    const sql = `-- a comment;\nCREATE TABLE a (x int);\nINSERT INTO a VALUES (1);\nCREATE FUNCTION f() RETURNS int AS $$\nSELECT 1;\n$$ LANGUAGE sql;\n`;
    const parts = splitStatements(sql);
    expect(parts).toHaveLength(3);
    expect(parts[2]).toMatch(/SELECT 1;\n\$\$ LANGUAGE sql;/);
  });
});
