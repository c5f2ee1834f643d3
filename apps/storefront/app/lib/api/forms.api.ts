import type { ContactForm, FormSubmission } from '@ember/contracts';
import { call } from './account.api';
import { contract } from './rest';

/** A stored form submission: its reference is what the customer quotes when writing back. */
export type { FormSubmission };

/** Sends the contact form as a CONTACT submission; the server acknowledges it by e-mail. */
export function submitContactForm(store: string, form: ContactForm): Promise<FormSubmission> {
  return call('/api/messaging/forms', {
    store,
    method: 'POST',
    body: {
      type: 'CONTACT',
      channel: 'web',
      payload: { message: form.message, ...(form.order_number ? { order_number: form.order_number } : {}) },
      data_subject: { email: form.email, first_name: form.firstname, last_name: form.lastname },
    },
    schema: contract('FormSubmissionSchema'),
  });
}
