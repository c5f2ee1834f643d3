import type { Route } from './+types/not-found';
import { RouteError } from '../components/common/route-error';
import { notFound } from '../lib/api/scope';
import { pageMeta, translatorFor } from '../lib/meta';

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(translatorFor(matches)('error.notFoundTitle'));
}

/** Any path under a store that no page claims: a 404 response, rendered inside the store's layout. */
export function loader(): never {
  throw notFound();
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
