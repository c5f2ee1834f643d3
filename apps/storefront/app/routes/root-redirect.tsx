import { redirect } from 'react-router';
import { DEFAULT_STORE_CODE, storePath } from '../lib/store-paths';

/** The bare domain opens the default market. */
export function loader() {
  return redirect(storePath(DEFAULT_STORE_CODE), 302);
}

export default function RootRedirect() {
  return null;
}
