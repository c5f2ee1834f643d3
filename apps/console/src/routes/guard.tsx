import type { ReactNode } from 'react';
import { RequirePermission } from './layout';

/** An area's page, shown only to an operator holding the permission it needs. */
export const guarded = (permission: string, element: ReactNode) => <RequirePermission permission={permission}>{element}</RequirePermission>;
