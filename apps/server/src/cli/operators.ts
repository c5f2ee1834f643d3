import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { OperatorCreateBodySchema } from '@ember/contracts';
import { AppError } from '../platform/errors.js';
import { inTransaction } from '../platform/transaction.js';
import { runAsProcess, type CommandDeps } from './run.js';

const USAGE = `Usage: operators create --email ADDRESS --name NAME [--role owner|support|fulfilment|marketing|compliance]
       operators list
Creates a console operator (the first owner; owners add the others in the console at /console).
The first password is made here and printed once; the operator sets up an authenticator app
(TOTP) at the first sign-in. The role defaults to owner.`;

/** The command's work, apart from process handling so tests run it on the test database. Returns the exit code. */
export async function operatorsCommand(argv: string[], deps: CommandDeps): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv, allowPositionals: true, strict: false,
    options: { help: { type: 'boolean', short: 'h' }, email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' } },
  });
  const [verb] = positionals;
  if (values.help || (verb !== 'create' && verb !== 'list')) {
    deps.out(USAGE);
    return values.help ? 0 : 2;
  }
  if (verb === 'list') {
    for (const o of await deps.services.operators.list(deps.db)) deps.out(JSON.stringify({ email: o.email, role: o.role, status: o.status, totp_enrolled: o.totp_enrolled }));
    return 0;
  }
  const password = randomBytes(18).toString('base64url');
  const parsed = OperatorCreateBodySchema.safeParse({ email: values.email, name: values.name, role: values.role ?? 'owner', password });
  if (!parsed.success) {
    deps.out(JSON.stringify({ error: 'VALIDATION_FAILED', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') }));
    return 2;
  }
  try {
    const operator = await inTransaction(deps.db, async (tx) => {
      const o = await deps.services.operators.create(tx, parsed.data, null);
      await deps.services.operators.audit(tx, { kind: 'system', uuid: null, label: 'operators create', role: 'script', permissions: new Set() },
        { action: 'operator.create', entity_type: 'operator', entity_id: o.uuid, after: { role: o.role, status: o.status } });
      return o;
    });
    deps.out(JSON.stringify({ created: operator.email, role: operator.role, password }));
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      deps.out(JSON.stringify({ error: err.code, message: err.message }));
      return 1;
    }
    throw err;
  }
}

runAsProcess(import.meta.url, operatorsCommand, (line) => console.log(line));
