import { parseArgs } from 'node:util';
import { OrderStatusChangeSchema as StatusChangeBody } from '@ember/contracts';
import type { Db } from '../platform/db.js';
import { AppError } from '../platform/errors.js';
import type { Services } from '../services.js';
import { runAsProcess } from './run.js';
import { inTransaction } from '../platform/transaction.js';

const USAGE = `Usage: order-status <order-number> <status> [--carrier NAME --tracking NUMBER [--track-url https://...]]
                    [--reason CODE] [--comment TEXT]
Moves an order to another status along the allowed transitions (shipping records the parcel's tracking).`;

/**
 * The operator CLI's work, separate from process handling so tests run it on the test database:
 * validates the arguments like the admin endpoint, changes the status in one transaction, and
 * reports the outcome as a line of JSON. Returns the exit code.
 */
export async function orderStatusCommand(argv: string[], deps: { db: Db; services: Services; out: (line: string) => void }): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        carrier: { type: 'string' },
        tracking: { type: 'string' },
        'track-url': { type: 'string' },
        reason: { type: 'string' },
        comment: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (err) {
    deps.out(`${(err as Error).message}\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help || positionals.length !== 2) {
    deps.out(USAGE);
    return values.help ? 0 : 2;
  }
  const [number, status] = positionals as [string, string];
  const body = StatusChangeBody.safeParse({
    status,
    reason_code: values.reason,
    comment: values.comment,
    tracking: values.carrier || values.tracking || values['track-url'] ? { carrier: values.carrier, number: values.tracking, track_url: values['track-url'] } : undefined,
  });
  if (!body.success) {
    deps.out(`Invalid arguments: ${body.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    return 2;
  }
  const b = body.data;
  try {
    const row = await inTransaction(deps.db, (tx) =>
      deps.services.orders.changeStatus(tx, number, {
        to: b.status,
        actor: 'operator',
        reason_code: b.reason_code ?? null,
        comment: b.comment ?? null,
        tracking: b.tracking ? { carrier: b.tracking.carrier, number: b.tracking.number, track_url: b.tracking.track_url ?? null } : null,
      }),
    );
    deps.out(JSON.stringify({ number: row.order_number, status: row.status }));
    return 0;
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    deps.out(JSON.stringify({ error: err.code, message: err.message }));
    return 1;
  }
}

runAsProcess(import.meta.url, orderStatusCommand, (line) => console.log(line));
