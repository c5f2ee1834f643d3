import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  buildSchema, extendSchema, getNamedType, isInputObjectType, isInterfaceType, isObjectType, parse,
  print, validate, visit, type GraphQLSchema,
} from 'graphql';
import { generate } from '@graphql-codegen/cli';
import { SCHEMA_PATH } from './graphql.plugin.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../../..');
const REFERENCE = process.env.MAGENTO_REFERENCE_SCHEMA ?? path.resolve(root, 'reference/magento-2.4-schema.graphql');
const served = buildSchema(readFileSync(SCHEMA_PATH, 'utf8'));

/** The Magento reference with the shop's declared extensions (interface fields copied to implementations). */
function referenceWithExtensions(): GraphQLSchema {
  const reference = buildSchema(readFileSync(REFERENCE, 'utf8'));
  const ext = parse(readFileSync(path.join(here, 'extensions.graphql'), 'utf8'));
  let s = extendSchema(reference, ext, { assumeValidSDL: true });
  const extra: string[] = [];
  for (const d of ext.definitions) {
    if (d.kind !== 'InterfaceTypeExtension' || !d.fields) continue;
    for (const impl of s.getPossibleTypes(s.getType(d.name.value) as never)) {
      const missing = d.fields.filter((f) => !impl.getFields()[f.name.value]);
      if (missing.length) extra.push(`extend type ${impl.name} { ${missing.map((f) => f.loc!.source.body.slice(f.loc!.start, f.loc!.end).replace(/\s+/g, ' ')).join(' ')} }`);
    }
  }
  if (extra.length) s = extendSchema(s, parse(extra.join('\n')));
  return s;
}

/**
 * Every GraphQL document the storefront sends: gql-tagged template literals under app/. A literal
 * holding only fragments is shared; an operation literal gets the fragments it spreads appended, as
 * the storefront's `withFragments` does at run time.
 */
function storefrontDocuments(): { file: string; source: string }[] {
  const dir = path.resolve(root, 'apps/storefront/app');
  const literals: { file: string; source: string }[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\./.test(name)) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/\bgql`([^`]*)`/g)) literals.push({ file: path.relative(root, p), source: m[1]! });
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  const fragments = new Map<string, string>();
  for (const l of literals) {
    for (const d of parse(l.source).definitions) {
      if (d.kind === 'FragmentDefinition') fragments.set(d.name.value, print(d));
    }
  }
  const withSpreads = (source: string): string => {
    const defined = new Set(parse(source).definitions.flatMap((d) => (d.kind === 'FragmentDefinition' ? [d.name.value] : [])));
    const missing = [...source.matchAll(/\.\.\.\s*([_A-Za-z][_0-9A-Za-z]*)/g)].map((m) => m[1]!).filter((n) => n !== 'on' && !defined.has(n) && fragments.has(n));
    return missing.length ? withSpreads([source, ...new Set(missing)].map((n, i) => (i === 0 ? n : fragments.get(n)!)).join('\n')) : source;
  };
  return literals
    .filter((l) => parse(l.source).definitions.some((d) => d.kind === 'OperationDefinition'))
    .map((l) => ({ file: l.file, source: withSpreads(l.source) }));
}

describe('GraphQL schema', () => {
  it('is regenerated from the reference and the extensions (schema.graphql is current)', () => {
    expect(existsSync(REFERENCE), `reference schema at ${REFERENCE}`).toBe(true);
    const out = execFileSync(process.execPath, [path.join(root, 'scripts/build-graphql-schema.mjs'), '--check'], { encoding: 'utf8' });
    expect(out).toMatch(/up to date/);
  });

  it('serves only types and fields that Magento 2.4 or the declared extensions define, with identical types', () => {
    const target = referenceWithExtensions();
    const mismatches: string[] = [];
    for (const type of Object.values(served.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const other = target.getType(type.name);
      if (!other) {
        mismatches.push(`type ${type.name} missing`);
        continue;
      }
      if ((isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) && 'getFields' in other) {
        const theirs = (other as typeof type).getFields() as Record<string, { type: unknown; args?: { name: string; type: unknown }[] }>;
        for (const f of Object.values(type.getFields())) {
          const t = theirs[f.name];
          if (!t) mismatches.push(`${type.name}.${f.name} missing`);
          else if (String(t.type) !== String(f.type)) mismatches.push(`${type.name}.${f.name}: ${String(f.type)} vs ${String(t.type)}`);
          for (const a of 'args' in f ? f.args : []) {
            const ta = t?.args?.find((x) => x.name === a.name);
            if (!ta || String(ta.type) !== String(a.type)) mismatches.push(`${type.name}.${f.name}(${a.name})`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('resolves every interface to a served implementation', () => {
    for (const type of Object.values(served.getTypeMap())) {
      if (isInterfaceType(type)) expect(served.getPossibleTypes(type).length, type.name).toBeGreaterThan(0);
      if (isObjectType(type)) for (const f of Object.values(type.getFields())) expect(getNamedType(f.type)).toBeDefined();
    }
  });
});

describe('storefront GraphQL documents', () => {
  const docs = storefrontDocuments();

  it('exist', () => {
    expect(docs.length).toBeGreaterThan(0);
  });

  it('validate against the served schema', () => {
    const failures = docs.flatMap((d) => validate(served, parse(d.source)).map((e) => `${d.file}: ${e.message}`));
    expect(failures).toEqual([]);
  });

  it('validate against the Magento 2.4 reference schema plus the declared extensions', () => {
    const target = referenceWithExtensions();
    const failures = docs.flatMap((d) => validate(target, parse(d.source)).map((e) => `${d.file}: ${e.message}`));
    expect(failures).toEqual([]);
  });
});

/** The graphql-codegen configuration (codegen.ts at the root), run in memory from the root. */
async function codegenConfig(): Promise<{ generates: Record<string, Record<string, unknown>> }> {
  return (await import(pathToFileURL(path.join(root, 'codegen.ts')).href)).default;
}

async function generateInMemory(generates: Record<string, Record<string, unknown>>): Promise<{ filename: string; content: string }[]> {
  return generate({ cwd: root, overwrite: true, silent: true, errorsOnly: true, generates } as never, false);
}

const STOREFRONT_TYPES = 'apps/storefront/app/lib/api/graphql.generated.ts';

/** The served schema with one field of one type left out. */
function servedWithout(typeName: string, fieldName: string): string {
  const ast = visit(parse(readFileSync(SCHEMA_PATH, 'utf8')), {
    ObjectTypeDefinition(node) {
      return node.name.value === typeName ? { ...node, fields: node.fields?.filter((f) => f.name.value !== fieldName) } : undefined;
    },
  });
  return print(ast);
}

describe('generated GraphQL types', () => {
  it('are what graphql-codegen makes of the committed schema and documents (the committed files are current)', async () => {
    const config = await codegenConfig();
    const outputs = await generateInMemory(config.generates);
    expect(outputs.map((o) => path.relative(root, path.resolve(root, o.filename))).sort()).toEqual(Object.keys(config.generates).sort());
    for (const o of outputs) {
      const committed = readFileSync(path.resolve(root, o.filename), 'utf8');
      expect(committed === o.content, `${o.filename} is stale: run npm run codegen`).toBe(true);
    }
  }, 60_000);

  it('type every storefront document by the operation its literal names', () => {
    const dir = path.resolve(root, 'apps/storefront/app');
    const typed: { name: string; declared: string }[] = [];
    const walk = (d: string) => {
      for (const name of readdirSync(d)) {
        const p = path.join(d, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (/\.(ts|tsx)$/.test(name) && !/\.test\./.test(name)) {
          for (const m of readFileSync(p, 'utf8').matchAll(/\boperation\('(\w+)',\s*(?:withFragments\(\s*)?gql`([^`]*)`/g)) {
            const op = parse(m[2]!).definitions.find((d) => d.kind === 'OperationDefinition');
            typed.push({ name: m[1]!, declared: op?.kind === 'OperationDefinition' ? op.name?.value ?? '' : '' });
          }
        }
      }
    };
    walk(dir);
    expect(typed.filter((t) => t.name !== t.declared)).toEqual([]);
    // Every operation literal goes through operation(), so every request is typed.
    expect(typed.length).toBe(storefrontDocuments().length);
  });

  it('cannot be generated when the schema loses a field a storefront document selects', async () => {
    const config = await codegenConfig();
    const storefront = config.generates[STOREFRONT_TYPES]!;
    const broken = servedWithout('Cart', 'total_quantity');
    await expect(generateInMemory({ [STOREFRONT_TYPES]: { ...storefront, schema: broken } }))
      .rejects.toThrow(/total_quantity/);
  }, 60_000);

  it('change with the schema: a field made nullable is nullable in the documents\' result types', async () => {
    const config = await codegenConfig();
    const storefront = config.generates[STOREFRONT_TYPES]!;
    const sdl = readFileSync(SCHEMA_PATH, 'utf8');
    const changed = print(visit(parse(sdl), {
      ObjectTypeDefinition(node) {
        if (node.name.value !== 'Cart') return undefined;
        return { ...node, fields: node.fields?.map((f) => (f.name.value === 'total_quantity' && f.type.kind === 'NonNullType' ? { ...f, type: f.type.type } : f)) };
      },
    }));
    const [before] = await generateInMemory({ [STOREFRONT_TYPES]: storefront });
    const [after] = await generateInMemory({ [STOREFRONT_TYPES]: { ...storefront, schema: changed } });
    const fragment = (content: string) => content.split('\n').find((l) => l.startsWith('export type CartFieldsFragment = '));
    expect(fragment(before!.content)).toContain('total_quantity: number,');
    expect(fragment(after!.content)).toContain('total_quantity: number | null,');
  }, 60_000);
});
