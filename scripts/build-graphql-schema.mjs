// Builds apps/server/src/graphql/schema.graphql: the part of the Magento 2.4 reference schema the shop
// serves (the KEEP map below), plus the shop's own additions from extensions.graphql. Fields of an
// extended interface are copied into its implementing types, as Magento's schema reader does.
// Usage: node scripts/build-graphql-schema.mjs [--check]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  buildSchema, extendSchema, parse, GraphQLSchema, GraphQLObjectType, GraphQLInterfaceType,
  GraphQLInputObjectType, GraphQLEnumType, GraphQLUnionType, getNamedType, isObjectType,
  isInputObjectType, isEnumType, isScalarType, isSpecifiedScalarType, isUnionType,
  lexicographicSortSchema, printSchema, validateSchema,
} from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const referencePath = process.env.MAGENTO_REFERENCE_SCHEMA
  ?? path.resolve(root, 'reference/magento-2.4-schema.graphql');
const dir = path.join(root, 'apps/server/src/graphql');
const KEEP = JSON.parse(fs.readFileSync(path.join(dir, 'keep.json'), 'utf8'));

const reference = buildSchema(fs.readFileSync(referencePath, 'utf8'));
const extensionsSdl = fs.readFileSync(path.join(dir, 'extensions.graphql'), 'utf8');
const full = copyInterfaceFields(extendSchema(reference, parse(extensionsSdl)));

const extensionDoc = parse(extensionsSdl);
const addedTypes = new Set(
  extensionDoc.definitions.filter((d) => d.kind.endsWith('Definition') && d.name).map((d) => d.name.value),
);
const addedFields = new Map();
for (const d of extensionDoc.definitions) {
  if (d.kind.endsWith('Extension') && d.fields) {
    const set = addedFields.get(d.name.value) ?? new Set();
    for (const f of d.fields) set.add(f.name.value);
    addedFields.set(d.name.value, set);
  }
}

const types = new Map();
const pending = [];
const need = (t) => { const n = getNamedType(t); if (!types.has(n.name)) pending.push(n.name); };

function keptFields(type) {
  const rule = KEEP[type.name];
  const own = addedFields.get(type.name) ?? new Set();
  const ifaceAdded = type.getInterfaces ? type.getInterfaces().flatMap((i) => [...(addedFields.get(i.name) ?? [])]) : [];
  if (rule === '*' || addedTypes.has(type.name)) return Object.keys(type.getFields());
  if (!Array.isArray(rule)) throw new Error(`output type ${type.name} is referenced but not in keep.json`);
  return [...new Set([...rule, ...own, ...ifaceAdded])];
}

function prune(name) {
  const t = full.getType(name);
  if (!t) throw new Error(`unknown type ${name}`);
  if (isScalarType(t)) return isSpecifiedScalarType(t) ? null : t;
  if (isEnumType(t)) return t;
  if (isInputObjectType(t)) {
    for (const f of Object.values(t.getFields())) need(f.type);
    return t;
  }
  if (isUnionType(t)) {
    const members = t.getTypes().filter((m) => KEEP[m.name] || addedTypes.has(m.name));
    members.forEach((m) => need(m));
    return new GraphQLUnionType({ ...t.toConfig(), types: () => members.map((m) => types.get(m.name)) });
  }
  const names = keptFields(t);
  const cfg = t.toConfig();
  const fields = {};
  for (const n of names) {
    const f = cfg.fields[n];
    if (!f) throw new Error(`${t.name}.${n} does not exist in the reference schema or the extensions`);
    need(f.type);
    for (const a of Object.values(f.args ?? {})) need(a.type);
    fields[n] = f;
  }
  const Ctor = isObjectType(t) ? GraphQLObjectType : GraphQLInterfaceType;
  const interfaces = (cfg.interfaces ?? []).filter((i) => KEEP[i.name] !== undefined);
  interfaces.forEach((i) => need(i));
  return { Ctor, cfg: { ...cfg, fields, interfaces } };
}

need(full.getQueryType());
if (KEEP.Mutation) need(full.getMutationType());
// Interfaces must list every kept implementation so the schema can resolve them.
for (const name of Object.keys(KEEP)) if (full.getType(name) && isObjectType(full.getType(name))) need(full.getType(name));
while (pending.length) {
  const name = pending.pop();
  if (types.has(name)) continue;
  types.set(name, null);
  types.set(name, prune(name));
}

// Rebuild with references pointing at the pruned types.
const built = new Map();
function resolve(t) {
  if (t.ofType) return new t.constructor(resolve(t.ofType));
  if (isSpecifiedScalarType(t)) return t;
  const b = built.get(t.name); if (!b) throw new Error(`type ${t.name} was not kept`); return b;
}
function remapFields(fields) {
  return () => Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, {
    ...f, type: resolve(f.type),
    ...(f.args ? { args: Object.fromEntries(Object.entries(f.args).map(([an, a]) => [an, { ...a, type: resolve(a.type) }])) } : {}),
  }]));
}
for (const [name, t] of types) {
  if (!t) continue;
  if (t.Ctor) {
    built.set(name, new t.Ctor({ ...t.cfg, fields: remapFields(t.cfg.fields), interfaces: () => t.cfg.interfaces.map((i) => built.get(i.name)) }));
  } else if (isInputObjectType(t)) {
    built.set(name, new GraphQLInputObjectType({ ...t.toConfig(), fields: remapFields(t.toConfig().fields) }));
  } else if (isEnumType(t)) built.set(name, new GraphQLEnumType(t.toConfig()));
  else built.set(name, t);
}
const schema = lexicographicSortSchema(new GraphQLSchema({
  query: built.get('Query'), mutation: built.get('Mutation'), types: [...built.values()].filter(Boolean),
}));
const errors = validateSchema(schema);
if (errors.length) throw new Error(errors.map((e) => e.message).join('\n'));

const header = '# Generated by scripts/build-graphql-schema.mjs from the Magento 2.4 reference schema (keep.json)\n'
  + '# and the shop\'s additions (extensions.graphql). Do not edit by hand.\n\n';
const out = header + printSchema(schema) + '\n';
const target = path.join(dir, 'schema.graphql');
if (process.argv.includes('--check')) {
  const current = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : '';
  if (current !== out) { console.error('schema.graphql is out of date: run node scripts/build-graphql-schema.mjs'); process.exit(1); }
  console.log('schema.graphql is up to date');
} else {
  fs.writeFileSync(target, out);
  console.log(`wrote ${path.relative(root, target)}: ${[...built.keys()].length} types`);
}

function copyInterfaceFields(s) {
  // Extension fields declared on an interface are added to every implementing object type.
  const extraSdl = [];
  for (const d of parse(extensionsSdl).definitions) {
    if (d.kind !== 'InterfaceTypeExtension') continue;
    for (const impl of s.getPossibleTypes(s.getType(d.name.value))) {
      const missing = d.fields.filter((f) => !impl.getFields()[f.name.value]);
      if (missing.length) extraSdl.push(`extend type ${impl.name} {\n${missing.map((f) => '  ' + printField(f)).join('\n')}\n}`);
    }
  }
  return extraSdl.length ? extendSchema(s, parse(extraSdl.join('\n'))) : s;
}
function printField(f) {
  const src = f.loc.source.body.slice(f.loc.start, f.loc.end);
  return src.replace(/\s*\n\s*/g, ' ');
}
