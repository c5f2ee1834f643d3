import type { Tx } from '../platform/db.js';
import type { Services } from '../services.js';
import type { StoreView } from '../modules/store/store.service.js';

type OutgoingMessage = Parameters<Services['messaging']['enqueue']>[1];

/**
 * E-mails a customer about something the shop did for them without their being there (a renewal, a
 * trial's end), through the outbox in the caller's transaction, in their store view's language.
 * Nothing goes to an account without an e-mail (erased). `params` builds the template's parameters
 * from the customer's first name and the store view.
 */
export async function mailCustomer(
  tx: Tx, services: Services, to: { customerUuid: string; storeCode: string }, template: OutgoingMessage['template'],
  params: (about: { firstname: string; view: StoreView | undefined }) => Record<string, unknown>,
): Promise<void> {
  const profile = await services.identity.profile(to.customerUuid, tx).catch(() => null);
  if (!profile?.personalInfo.email) return;
  const view = (await services.stores.list(tx)).find((v) => v.code === to.storeCode) as StoreView | undefined;
  await services.messaging.enqueue(tx, {
    channel: 'email',
    recipient: profile.personalInfo.email,
    language: view?.language ?? 'en',
    template,
    params: params({ firstname: profile.personalInfo.firstname, view }),
  } as OutgoingMessage);
}
