import type { MetaDescriptor } from 'react-router';
import { privatePageMeta } from '../meta';

/** Account pages: titled like any page, kept out of search engines. */
export function accountPageMeta(title: string, description?: string): MetaDescriptor[] {
  return privatePageMeta(title, description);
}

/** What a page that sends the customer to the login page tells it to show. */
export interface LoginNotice {
  notice: 'registered' | 'registered-confirmed' | 'password-reset';
  email?: string;
}
