/**
 * Takes secrets and personal data out of what leaves the shop for an error-reporting service or a
 * log line: by the name of a field (passwords, tokens, codes, card data, e-mail addresses, phone
 * numbers, names, addresses, dates of birth) and, in any text, by the shape of the value.
 */

export const REDACTED = '[redacted]';

/** Field names (lower case, without `_`, `-` and spaces) whose value is always withheld. */
const SECRET_KEYS = new Set([
  'password', 'passwd', 'pwd', 'pass', 'newpassword', 'currentpassword', 'oldpassword', 'passwordconfirmation',
  'secret', 'token', 'accesstoken', 'refreshtoken', 'idtoken', 'authorization', 'auth', 'cookie', 'setcookie', 'apikey', 'key',
  'code', 'otc', 'otp', 'pin', 'cvc', 'cvv', 'cvn', 'securitycode', 'cardnumber', 'number', 'pan', 'iban', 'bic', 'expiry', 'expirymonth', 'expiryyear',
  'email', 'mail', 'identifier', 'login', 'username', 'recipient',
  'phone', 'telephone', 'mobile', 'tel', 'fax',
  'name', 'firstname', 'lastname', 'middlename', 'fullname', 'surname', 'givenname', 'familyname', 'nickname', 'prefix', 'suffix',
  'street', 'address', 'city', 'postcode', 'zip', 'zipcode', 'postalcode', 'company', 'vatid', 'taxvat',
  'dob', 'dateofbirth', 'birthdate', 'birthday', 'ip', 'ipaddress',
]);

/** Parts of a field name that withhold its value wherever they appear (`customer_email`, `card_holder`). */
const SECRET_PARTS = ['password', 'secret', 'token', 'email', 'phone', 'birth', 'card', 'street', 'address', 'firstname', 'lastname', 'iban', 'cvv', 'cvc', 'otp', 'session', 'signature', 'hash'];

/** Names ending in "code" or "number" that say nothing about a person. */
const HARMLESS = new Set(['countrycode', 'currencycode', 'storecode', 'errorcode', 'regioncode', 'languagecode', 'statuscode', 'countryid', 'regionid', 'sku', 'ordernumber', 'pagesize', 'currentpage']);

const normalise = (key: string) => key.toLowerCase().replace(/[\s_-]/g, '');

/** Whether a field of this name holds a secret or personal data. */
export function isSecretKey(key: string): boolean {
  const k = normalise(key);
  if (HARMLESS.has(k)) return false;
  if (SECRET_KEYS.has(k)) return true;
  if (k.endsWith('code') || k.endsWith('token') || k.endsWith('name')) return true;
  return SECRET_PARTS.some((part) => k.includes(part));
}

/** Whether a digit string passes the Luhn check, as every payment card number does. */
function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const PATTERNS: [RegExp, string | ((match: string) => string)][] = [
  // Bearer credentials and JSON web tokens.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, (m) => `${m.split(/\s+/)[0]} ${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, '[token]'],
  // E-mail addresses.
  [/[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g, '[email]'],
  // Payment card numbers: 13 to 19 digits, spaced or not, that pass the Luhn check.
  [/(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g, (m) => (luhn(m.replace(/\D/g, '')) ? '[card]' : m)],
  // IBANs.
  [/\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]){11,30}\b/g, '[iban]'],
  // Phone numbers: international (+ or 00) or national (a leading 0), 9 digits or more, any separators.
  [/(?<![\w+])(?:\+|00)\d(?:[\s()./-]*\d){7,16}(?!\w)/g, '[phone]'],
  [/(?<![\w.-])0\d(?:[\s()./-]*\d){8,12}(?![\w-])/g, '[phone]'],
  // Long random-looking strings (session ids, reset tokens, masked cart ids, signatures, hashes);
  // a UUID is an opaque public id and stays.
  [/(?<![A-Za-z0-9_-])(?![0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?![A-Za-z0-9_-]))(?=[A-Za-z0-9_-]*\d)(?=[A-Za-z0-9_-]*[A-Za-z])[A-Za-z0-9_-]{32,}(?![A-Za-z0-9_-])/g, '[token]'],
];

/** A text with every e-mail address, card number, phone number, IBAN and token-like string replaced. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of PATTERNS) out = out.replace(pattern, replacement as string);
  return out;
}

/**
 * A deep copy of `value` with secrets withheld: every field whose name says it holds one is
 * replaced, every text is passed through scrubText. Cycles, depth and size are bounded.
 */
export function scrub(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return scrubText(value.length > 2000 ? `${value.slice(0, 2000)}…` : value);
  if (value === null || typeof value !== 'object') return typeof value === 'bigint' ? String(value) : value;
  if (seen.has(value)) return '[circular]';
  if (depth > 8) return '[deep]';
  seen.add(value);
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => scrub(v, depth + 1, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value).slice(0, 200)) {
    out[key] = isSecretKey(key) && v !== null && v !== undefined && v !== '' ? REDACTED : scrub(v, depth + 1, seen);
  }
  return out;
}

/**
 * A GraphQL document without its literal values: every string (and block string) becomes
 * "[redacted]", so an inline `password: "..."` or e-mail never leaves, comments are emptied and long
 * numbers that look like card numbers replaced; the shape stays readable.
 */
export function scrubGraphqlDocument(document: string): string {
  return document
    .slice(0, 10_000)
    .replace(/"""[\s\S]*?"""/g, `"${REDACTED}"`)
    .replace(/"(?:[^"\\\n]|\\.)*"/g, `"${REDACTED}"`)
    // Comments (outside strings, which are gone by now) may hold anything; numbers may be card numbers.
    .replace(/#[^\n\r]*/g, '#')
    .replace(/(?<![\w$])\d[\d]{8,}/g, (m) => scrubText(m));
}
