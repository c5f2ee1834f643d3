import { EmailSchema, type Address } from '@ember/contracts';
import { AddressFormSchema, type AddressFormValues } from '../account/account-forms';
import type { AddressInput } from '../api/cart.api';
import { toGraphQLAddressInput } from '../api/address';
import type { CheckoutConfig } from '../api/store.api';
import { CUSTOM_ISSUE, schemaResolver } from '../forms/schema-resolver';

/** What the checkout's address inputs hold, as typed. */
/** The checkout's address form: the account address fields and the guest's e-mail. */
export interface CheckoutAddressValues extends AddressFormValues {
  email: string;
}

type PostcodeRules = Pick<CheckoutConfig,
  'postcode_validation_enabled' | 'postcode_is_required' | 'postcode_min_length' | 'postcode_max_length' | 'postcode_validate_regex'>;

/**
 * The message key for a postcode under the store view's rules (spec §5: enabled flag, required
 * flag, min and max length, pattern), or null when it passes. Without validation only "required"
 * applies. A pattern the browser cannot compile is left to the server.
 */
export function postcodeProblem(postcode: string | undefined, rules: PostcodeRules | null | undefined): string | null {
  const value = (postcode ?? '').trim();
  if (!value) return rules?.postcode_is_required === false ? null : 'required';
  if (!rules?.postcode_validation_enabled) return null;
  if (rules.postcode_min_length && value.length < rules.postcode_min_length) return `tooShort:${rules.postcode_min_length}`;
  if (rules.postcode_max_length && value.length > rules.postcode_max_length) return `tooLong:${rules.postcode_max_length}`;
  if (rules.postcode_validate_regex) {
    let pattern: RegExp | null = null;
    try {
      pattern = new RegExp(rules.postcode_validate_regex);
    } catch {
      pattern = null;
    }
    if (pattern && !pattern.test(value)) return 'postcodeFormat';
  }
  return null;
}

/**
 * The checkout address form: the account's address rules (the same contract the address book
 * uses), the store's postcode rules, and the contact e-mail for a guest. An empty first name
 * passes where the store allows it.
 */
export function checkoutAddressSchema(config: CheckoutConfig | null, options: { guest: boolean }) {
  const base = config?.allow_empty_firstname
    ? AddressFormSchema.extend({ firstname: AddressFormSchema.shape.firstname.optional() })
    : AddressFormSchema;
  return base.extend({ email: EmailSchema.optional() }).superRefine((value, ctx) => {
    const problem = postcodeProblem(value.postcode, config);
    if (problem) ctx.addIssue({ code: CUSTOM_ISSUE, path: ['postcode'], message: problem });
    if (options.guest && !value.email) ctx.addIssue({ code: CUSTOM_ISSUE, path: ['email'], message: 'required' });
  });
}

export type CheckoutAddressOutput = ReturnType<ReturnType<typeof checkoutAddressSchema>['parse']>;

export function checkoutAddressResolver(config: CheckoutConfig | null, options: { guest: boolean }) {
  return schemaResolver<CheckoutAddressValues, CheckoutAddressOutput>(
    checkoutAddressSchema(config, options),
    (path) => (path === 'street' ? 'street.0' : path),
  );
}

/** The cart address Magento takes, from the checked form values. */
export function toCartAddress(values: CheckoutAddressOutput): AddressInput {
  const address: Address = {
    firstname: values.firstname ?? '',
    lastname: values.lastname,
    street: values.street,
    city: values.city,
    ...(values.postcode ? { postcode: values.postcode.toUpperCase() } : {}),
    country_code: values.country_code,
    ...(values.telephone ? { telephone: values.telephone } : {}),
  };
  return toGraphQLAddressInput(address);
}
