import { browserScope, requireStore, serverScope } from '../api/scope';
import type { AppLoadContext } from 'react-router';

/** Loyalty pages are the customer's own: the server renders the frame, the browser the data. */
export async function loyaltyServerLoader({ params, context }: { params: { store: string }; context: AppLoadContext }) {
  await requireStore(serverScope(context, params.store));
  return {};
}

export async function loyaltyClientLoader({ params }: { params: { store: string } }) {
  await requireStore(browserScope(params.store));
  return {};
}
