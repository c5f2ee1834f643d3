/**
 * Named fault points for crash-recovery tests: in TEST store mode, EMBER_FAULT=<name> makes the
 * process kill itself with SIGKILL when it reaches that point, as a power cut or an OOM kill would
 * (no shutdown hook, no rollback other than the database's own). Never armed in LIVE (config refuses it).
 */
export type FaultPoint =
  /** The provider opened a payment session; the shop has not recorded it yet. */
  | 'payments.after-provider'
  /** A capture notification is being applied: the payment and order are not updated yet. */
  | 'payments.before-order-update'
  /** Inside the placeOrder transaction: stock is taken, the order is not written yet. */
  | 'checkout.after-stock'
  /** Inside the placeOrder transaction: the order row and its parts are written, its e-mail is not queued yet. */
  | 'checkout.before-confirmation'
  /** Inside the placeOrder transaction: every step is done (order, hold, message, cart ordered); COMMIT is next. */
  | 'checkout.before-commit'
  /** placeOrder committed the order; the client has not had the answer yet. */
  | 'checkout.after-commit'
  /** Inside a subscription renewal's transaction: its order, payment and record are written; COMMIT is next. */
  | 'subscriptions.after-order'
  /** A renewal's card was charged and the charge recorded; the renewal's outcome is not yet. */
  | 'subscriptions.after-charge';

let armed: string | null = null;

export function armFaults(config: { STORE_MODE: string; EMBER_FAULT?: string }): void {
  armed = config.STORE_MODE === 'TEST' ? config.EMBER_FAULT ?? null : null;
}

export function faultPoint(name: FaultPoint): void {
  if (armed === name) process.kill(process.pid, 'SIGKILL');
}
