// The requests of the cart and checkout scenarios, shared by `npm run bench` (bench/run.mjs) and
// `npm run bench:statements` (bench/statements.mjs), so both measure the same calls.

export const ADD_TO_CART = `mutation AddToCart($c: String!, $sku: String!) {
  addProductsToCart(cartId: $c, cartItems: [{ sku: $sku, quantity: 1 }]) {
    cart { id total_quantity prices { grand_total { value currency } } }
    user_errors { code message }
  } }`;

/** The product the checkout buys: not age-restricted, so a guest may buy it anywhere. */
export const CHECKOUT_SKU = process.env.BENCH_CHECKOUT_SKU ?? 'ACC-CHARGER';

const BENCH_ADDRESS = { firstname: 'Bench', lastname: 'Buyer', street: ['Baker Street', '221b'], city: 'London', postcode: 'NW1 6XE', country_code: 'GB', telephone: '+447900000000' };
// Every checkout is another shopper at another door (a flat named after the cart), as the shop's
// limit on unpaid orders per buyer and per address (docs/decisions/0033) expects of real traffic.
const benchAddress = (cart) => ({ ...BENCH_ADDRESS, street: ['Baker Street', `Flat ${cart}`] });

/**
 * One whole guest checkout as the storefront makes it: [GraphQL document, variables for a cart id]
 * per call, createEmptyCart first and placeOrder last. `agreementIds()` gives the store's checkout
 * agreements, ticked with the payment method.
 */
export function checkoutSteps(agreementIds) {
  return [
    ['mutation { createEmptyCart }', () => ({})],
    [`mutation ($c: String!, $sku: String!) { addProductsToCart(cartId: $c, cartItems: [{ sku: $sku, quantity: 1 }]) { cart { id } user_errors { code } } }`, (c) => ({ c, sku: CHECKOUT_SKU })],
    ['mutation ($c: String!, $e: String!) { setGuestEmailOnCart(input: { cart_id: $c, email: $e }) { cart { email } } }', (c) => ({ c, e: `bench-buyer-${c}@example.com` })],
    ['mutation ($c: String!, $a: CartAddressInput) { setShippingAddressesOnCart(input: { cart_id: $c, shipping_addresses: [{ address: $a }] }) { cart { id } } }', (c) => ({ c, a: benchAddress(c) })],
    ['mutation ($c: String!, $a: CartAddressInput) { setBillingAddressOnCart(input: { cart_id: $c, billing_address: { address: $a } }) { cart { id } } }', (c) => ({ c, a: benchAddress(c) })],
    ['mutation ($c: String!) { setShippingMethodsOnCart(input: { cart_id: $c, shipping_methods: [{ carrier_code: "tablerate", method_code: "standard" }] }) { cart { id } } }', (c) => ({ c })],
    ['mutation ($c: String!, $ids: [Int!]) { setPaymentMethodOnCart(input: { cart_id: $c, payment_method: { code: "ember_card", agreement_ids: $ids } }) { cart { id } } }', (c) => ({ c, ids: agreementIds() })],
    ['mutation ($c: String!) { placeOrder(input: { cart_id: $c }) { order { order_number } errors { code message } } }', (c) => ({ c })],
  ];
}
