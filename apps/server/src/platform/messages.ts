import { ERROR_CODES, isErrorCode, LOCALE_HEADER, localeLanguage, type ErrorCode } from '@ember/contracts';

/**
 * The words the server says to shoppers, in every language a store view speaks (docs/decisions/0026).
 * Code builds a message as a phrase (a key and its parameters); the edge that answers (GraphQL's
 * error formatter and message fields, the REST error handler) renders it in the store view's
 * language, as Magento renders its phrases in the store's locale. An error without a phrase of its
 * own is said with its code's sentence in any language but English, so a German page never shows
 * an English sentence.
 */

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** A sum of money as a parameter: rendered with the store view's locale and currency. */
export interface MoneyParam {
  minor: number;
  currency: string;
}
export type ParamValue = string | number | MoneyParam;

type Templates = Record<Language, string>;

/** Messages with their own wording; `{name}` is a parameter, `„{x}“` quotes it as German does. */
export const PHRASES = {
  // A text already in the store view's language (stored per language, such as a promotion's hint).
  'text.asIs': { en: '{text}', de: '{text}' },
  // Coupons (applyCouponToCart, placeOrder)
  'coupon.invalid': { en: 'The coupon code "{code}" is not valid.', de: 'Der Gutscheincode „{code}“ ist nicht gültig.' },
  'coupon.usedUp': { en: 'The coupon code "{code}" has been used up.', de: 'Der Gutscheincode „{code}“ ist aufgebraucht.' },
  'coupon.alreadyUsed': { en: 'The coupon code "{code}" has already been used.', de: 'Der Gutscheincode „{code}“ wurde bereits eingelöst.' },
  'coupon.minSubtotal': {
    en: 'The coupon code "{code}" needs a subtotal of at least {amount}.',
    de: 'Der Gutscheincode „{code}“ gilt ab einer Zwischensumme von {amount}.',
  },
  'coupon.missing': { en: 'Enter a coupon code.', de: 'Bitte geben Sie einen Gutscheincode ein.' },
  'coupon.tooMany': { en: 'At most 5 coupon codes can be applied at once.', de: 'Es lassen sich höchstens 5 Gutscheincodes gleichzeitig einlösen.' },
  'coupon.emptyCart': { en: 'The cart does not contain products.', de: 'Der Warenkorb enthält keine Produkte.' },
  // Cart lines and their rules
  'cart.quantityWhole': { en: 'The quantity must be a whole number.', de: 'Die Menge muss eine ganze Zahl sein.' },
  'cart.quantityPositive': { en: 'The quantity must be greater than 0.', de: 'Die Menge muss größer als 0 sein.' },
  'cart.mostAtOnce': { en: 'The most you can add at once is {count}.', de: 'Sie können höchstens {count} Stück auf einmal hinzufügen.' },
  'cart.mostPerLine': { en: 'The most one line may hold is {count}.', de: 'Eine Position darf höchstens {count} Stück enthalten.' },
  'cart.mostLines': { en: 'A cart may hold at most {count} lines.', de: 'Ein Warenkorb darf höchstens {count} Positionen enthalten.' },
  'cart.productNotFound': { en: 'Could not find a product with SKU "{sku}"', de: 'Das Produkt „{sku}“ wurde nicht gefunden.' },
  'cart.chooseOptions': { en: 'You need to choose options for your item.', de: 'Bitte wählen Sie die Optionen für Ihren Artikel.' },
  'cart.requiredOptions': { en: 'Please select all required options.', de: 'Bitte wählen Sie alle erforderlichen Optionen.' },
  'cart.notFound': { en: 'The cart could not be found.', de: 'Der Warenkorb wurde nicht gefunden.' },
  'cart.notActive': { en: 'The cart isn\'t active.', de: 'Der Warenkorb ist nicht mehr aktiv.' },
  'cart.campaignAboveTotal': { en: 'The cart total is below the campaign\'s discount.', de: 'Der Warenkorbwert liegt unter dem Rabatt der Aktion.' },
  'cart.itemNotFound': { en: 'Could not find the cart item.', de: 'Die Warenkorbposition wurde nicht gefunden.' },
  'cart.soldInSteps': { en: '{name} is sold in steps of {step}.', de: '{name} gibt es nur in Schritten von {step}.' },
  'cart.tradeInSignIn': { en: 'Sign in to trade in a device.', de: 'Melden Sie sich an, um ein Gerät in Zahlung zu geben.' },
  'cart.tradeInOne': { en: 'A cart may hold one trade-in.', de: 'Ein Warenkorb darf nur eine Inzahlungnahme enthalten.' },
  'cart.tradeInNeedsDevice': { en: 'A trade-in needs a new device in the same order.', de: 'Eine Inzahlungnahme braucht ein neues Gerät in derselben Bestellung.' },
  'cart.tradeInNotEligible': { en: 'None of your registered devices can be traded in for this offer.', de: 'Keines Ihrer registrierten Geräte kann für dieses Angebot in Zahlung gegeben werden.' },
  'cart.tradeInCredit': { en: 'Trade-in credit', de: 'Gutschrift für Inzahlungnahme' },
  'tradeIn.userIdMissing': { en: 'user id not defined', de: 'Keine Benutzer-ID angegeben.' },
  'cart.ongoingSubscription': { en: 'You already have an ongoing subscription.', de: 'Sie haben bereits ein laufendes Abo.' },
  'cart.trialSignIn': { en: 'Sign in or create an account to start your free trial.', de: 'Melden Sie sich an oder erstellen Sie ein Konto, um Ihren Gratistest zu starten.' },
  'cart.trialNotEligible': { en: 'You have already had this free trial: it is one per person.', de: 'Sie hatten diesen Gratistest bereits: Er gilt einmal pro Person.' },
  'cart.trialConversionNotSold': { en: 'This product is bought only by keeping a trial device.', de: 'Dieses Produkt wird nur gekauft, wenn Sie ein Testgerät behalten.' },
  'cart.subscriptionSignIn': { en: 'Sign in or create an account to subscribe.', de: 'Melden Sie sich an oder erstellen Sie ein Konto, um ein Abo abzuschließen.' },
  'cart.subscriptionUnavailable': { en: 'This subscription is not offered at the moment.', de: 'Dieses Abo wird derzeit nicht angeboten.' },
  // A subscription line's delivery frequency (docs/decisions/0059)
  'cart.frequencyNotOffered': {
    en: '{name} comes every {weeks} weeks: choose one of these.',
    de: '{name} kommt alle {weeks} Wochen: Bitte wählen Sie einen dieser Rhythmen.',
  },
  'cart.frequencyNotSubscription': { en: '{name} is not a subscription: it has no delivery frequency.', de: '{name} ist kein Abo und hat keinen Lieferrhythmus.' },
  'cart.everyWeek': { en: 'Every week', de: 'Jede Woche' },
  'cart.everyWeeks': { en: 'Every {count} weeks', de: 'Alle {count} Wochen' },
  'checkout.trialNeedsCard': { en: 'A free trial is paid by card, which is charged only if you keep the device: choose card payment.', de: 'Ein Gratistest wird per Karte bezahlt, die nur belastet wird, wenn Sie das Gerät behalten: Bitte wählen Sie Kartenzahlung.' },
  'checkout.subscriptionNeedsCard': { en: 'A subscription is paid by card: choose card payment.', de: 'Ein Abo wird per Karte bezahlt: Bitte wählen Sie Kartenzahlung.' },
  // Devices (spec §5: missing identity)
  'device.userIdMissing': { en: 'User id is not defined', de: 'Die Nutzer-ID ist nicht angegeben.' },
  'device.consumerIdMissing': { en: 'Consumer ID is not defined', de: 'Die Kunden-ID ist nicht angegeben.' },
  'device.notFound': { en: 'The device could not be found.', de: 'Das Gerät wurde nicht gefunden.' },
  'device.codeInvalid': { en: 'Invalid registration code.', de: 'Ungültiger Registrierungscode.' },
  'device.registeredElsewhere': { en: 'This device is registered already to another user.', de: 'Dieses Gerät ist bereits für einen anderen Nutzer registriert.' },
  'device.notYourConsumer': { en: 'Unauthorized user.', de: 'Nicht berechtigter Nutzer.' },
  // Leads' confirmation links (docs/decisions/0058)
  'leads.linkInvalid': {
    en: 'This confirmation link is not valid. Please open the link from your e-mail exactly as it was sent.',
    de: 'Dieser Bestätigungslink ist ungültig. Bitte öffnen Sie den Link aus Ihrer E-Mail genau so, wie er gesendet wurde.',
  },
  'leads.linkExpired': {
    en: 'This confirmation link has expired. Ask us for a new one.',
    de: 'Dieser Bestätigungslink ist abgelaufen. Bitten Sie uns um einen neuen.',
  },
  // The newsletter (docs/decisions/0070)
  'marketing.linkInvalid': {
    en: 'This link is not valid. Please open the link from your e-mail exactly as it was sent.',
    de: 'Dieser Link ist ungültig. Bitte öffnen Sie den Link aus Ihrer E-Mail genau so, wie er gesendet wurde.',
  },
  'marketing.linkExpired': {
    en: 'This confirmation link has expired. Please sign up again.',
    de: 'Dieser Bestätigungslink ist abgelaufen. Bitte melden Sie sich erneut an.',
  },
  'marketing.ageNotConfirmed': {
    en: 'Please confirm that you are {age} or older.',
    de: 'Bitte bestätigen Sie, dass Sie mindestens {age} Jahre alt sind.',
  },
  'marketing.ageNotVerified': {
    en: 'Please verify your age before you subscribe to the newsletter.',
    de: 'Bitte lassen Sie Ihr Alter prüfen, bevor Sie den Newsletter abonnieren.',
  },
  'marketing.emailConsentMissing': {
    en: 'The newsletter needs your consent to news by e-mail.',
    de: 'Für den Newsletter brauchen wir Ihre Einwilligung in Neuigkeiten per E-Mail.',
  },
  'marketing.consentChanged': {
    en: 'The consent text has changed. Please read it again and sign up once more.',
    de: 'Der Einwilligungstext hat sich geändert. Bitte lesen Sie ihn erneut und melden Sie sich noch einmal an.',
  },
  'marketing.unknownPurpose': {
    en: 'This is not a marketing consent: {purpose}.',
    de: 'Das ist keine Marketing-Einwilligung: {purpose}.',
  },
  'cart.oneSubscription': { en: 'A cart may hold one subscription.', de: 'Ein Warenkorb darf nur ein Abo enthalten.' },
  'cart.productLimit': { en: 'The most you can order of {name} is {count}.', de: 'Von {name} können Sie höchstens {count} Stück bestellen.' },
  'cart.orderLimit': { en: 'An order may hold at most {count} items.', de: 'Eine Bestellung darf höchstens {count} Artikel enthalten.' },
  'cart.cartonsLimit': { en: 'An order may hold at most {count} cartons.', de: 'Eine Bestellung darf höchstens {count} Stangen enthalten.' },
  'cart.giftsOff': { en: 'Free gifts are not available in this store.', de: 'In diesem Shop gibt es keine Gratisgeschenke.' },
  'cart.giftsLimit': { en: 'A basket may hold at most {count} free gifts.', de: 'Ein Warenkorb darf höchstens {count} Gratisgeschenke enthalten.' },
  'cart.offerLimit': { en: 'The offer {code} allows at most {count} of these products per order.', de: 'Das Angebot {code} gilt für höchstens {count} dieser Produkte pro Bestellung.' },
  'cart.offerGiftLimit': { en: 'The offer {code} gives at most {count} free gifts per order.', de: 'Das Angebot {code} enthält höchstens {count} Gratisgeschenke pro Bestellung.' },
  'cart.giftNotOffered': { en: '{sku} is not a free gift of {parent}.', de: '{sku} ist kein Gratisgeschenk zu {parent}.' },
  'cart.giftNoProduct': { en: '{sku} is not a free gift of any product.', de: '{sku} ist kein Gratisgeschenk.' },
  'cart.onlyWithOffer': { en: '{name} can only be bought together with the products of the offer.', de: '{name} gibt es nur zusammen mit den Produkten des Angebots.' },
  'cart.giftNeedsProduct': { en: 'The gift {sku} needs its product in the cart.', de: 'Das Geschenk {sku} gibt es nur mit seinem Produkt im Warenkorb.' },
  'cart.giftConditions': { en: 'The conditions of the offer for {sku} are not met.', de: 'Die Bedingungen des Angebots für {sku} sind nicht erfüllt.' },
  'cart.skuNotAvailable': { en: 'Product that you are trying to add is not available: {sku}.', de: 'Das Produkt {sku} ist nicht erhältlich.' },
  'cart.qtyNotAvailable': { en: 'The requested qty of {sku} is not available.', de: 'Die gewünschte Menge von {sku} ist nicht verfügbar.' },
  // Checkout and placing the order
  'checkout.emailInvalid': { en: 'Enter a valid e-mail address.', de: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.' },
  'checkout.shippingAddressMissing': { en: 'The shipping address is missing. Set the address and try again.', de: 'Die Lieferadresse fehlt. Bitte geben Sie die Adresse ein und versuchen Sie es erneut.' },
  'checkout.shippingMethodUnavailable': { en: 'This shipping method is not available.', de: 'Diese Versandart ist nicht verfügbar.' },
  'checkout.guestNotAllowed': {
    en: 'Guest checkout is not allowed. Register a customer account or login with existing one.',
    de: 'In diesem Shop bestellen nur Kundinnen und Kunden. Bitte melden Sie sich an oder legen Sie ein Kundenkonto an.',
  },
  'checkout.agreementsMissing': {
    en: 'Please agree to all the terms and conditions before placing the order.',
    de: 'Bitte akzeptieren Sie die AGB und Bedingungen, bevor Sie die Bestellung absenden.',
  },
  'checkout.agreementsChanged': {
    en: 'The terms and conditions have changed. Read and accept the current ones.',
    de: 'Die AGB haben sich geändert. Bitte lesen und akzeptieren Sie die aktuelle Fassung.',
  },
  'checkout.paymentMethodUnavailable': { en: 'The requested Payment Method is not available.', de: 'Die gewählte Zahlungsart ist nicht verfügbar.' },
  'idempotency.placeOrderRetried': {
    en: 'This cart has already been ordered: repeat the request with the Idempotency-Key of the first one.',
    de: 'Dieser Warenkorb wurde bereits bestellt: Bitte wiederholen Sie die Anfrage mit dem Idempotency-Key der ersten.',
  },
  'idempotency.paymentRetried': {
    en: 'Payment has already been started for this order: send an Idempotency-Key (the same one to repeat a request, a new one for a new attempt).',
    de: 'Für diese Bestellung wurde die Zahlung bereits begonnen: Bitte senden Sie einen Idempotency-Key (denselben, um eine Anfrage zu wiederholen, einen neuen für einen neuen Versuch).',
  },
  'idempotency.inUse': {
    en: 'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
    de: 'Eine Anfrage mit diesem Idempotency-Key wird noch bearbeitet. Bitte versuchen Sie es gleich noch einmal.',
  },
  'idempotency.reused': {
    en: 'This Idempotency-Key was already used with other details; use a new key for a new request.',
    de: 'Dieser Idempotency-Key wurde bereits mit anderen Angaben verwendet; bitte nutzen Sie für eine neue Anfrage einen neuen Key.',
  },
  'idempotency.invalid': {
    en: 'The Idempotency-Key must be 8 to 100 letters, digits, - or _.',
    de: 'Der Idempotency-Key muss aus 8 bis 100 Buchstaben, Ziffern, - oder _ bestehen.',
  },
  // Pack codes
  'packCode.malformed': {
    en: 'This is not a pack code. A pack code has 16 letters and digits, as printed inside the pack.',
    de: 'Das ist kein Packungscode. Ein Packungscode hat 16 Buchstaben und Ziffern, wie in der Packung aufgedruckt.',
  },
  'checkout.cartEmpty': { en: 'The cart is empty.', de: 'Der Warenkorb ist leer.' },
  'checkout.billingMissing': { en: 'Please check the billing address information.', de: 'Bitte prüfen Sie die Rechnungsadresse.' },
  'checkout.addressUnusable': { en: 'Some addresses can\'t be used due to the configurations for specific countries.', de: 'Eine Adresse kann in diesem Land nicht verwendet werden.' },
  'address.tooLong': { en: '"{field}" may be at most {max} characters.', de: '„{field}“ darf höchstens {max} Zeichen lang sein.' },
  'address.badCharacters': { en: '"{field}" contains characters that are not allowed.', de: '„{field}“ enthält Zeichen, die nicht erlaubt sind.' },
  'address.required': { en: '"{field}" is required. Enter and try again.', de: '„{field}“ fehlt. Bitte ergänzen Sie die Angabe.' },
  'address.streetLines': { en: '"street" may have at most 3 lines.', de: 'Die Straße darf höchstens 3 Zeilen haben.' },
  'address.countryNotShipped': { en: 'The store does not ship to country "{country}".', de: 'Dieser Shop liefert nicht in das Land „{country}“.' },
  'address.postcodeLength': {
    en: 'The postcode must be {min} to {max} characters long.',
    de: 'Die Postleitzahl muss {min} bis {max} Zeichen lang sein.',
  },
  'address.postcodeInvalid': { en: 'The postcode is not valid for this store.', de: 'Die Postleitzahl ist für diesen Shop nicht gültig.' },
  'checkout.pickupGone': { en: 'The pick-up store is no longer available.', de: 'Die Abholfiliale ist nicht mehr verfügbar.' },
  'checkout.shippingMethodMissing': { en: 'The shipping method is missing. Select the shipping method and try again.', de: 'Die Versandart fehlt. Bitte wählen Sie eine Versandart und versuchen Sie es erneut.' },
  'checkout.paymentMethodMissing': { en: 'Enter a valid payment method and try again.', de: 'Bitte wählen Sie eine gültige Zahlungsart und versuchen Sie es erneut.' },
  // Orders waiting for payment hold stock: a buyer, an address and a connection may keep only a few at once.
  'checkout.unpaidOrdersWaiting': {
    en: 'You have orders waiting for payment. Pay for one of them, or let it lapse, before placing another.',
    de: 'Sie haben Bestellungen, die noch auf Zahlung warten. Bezahlen Sie zuerst eine davon oder lassen Sie sie verfallen, bevor Sie erneut bestellen.',
  },
  'checkout.unpaidOrdersFromClient': {
    en: 'Too many orders placed from this connection are waiting for payment. Please try again later.',
    de: 'Von dieser Verbindung warten zu viele Bestellungen auf Zahlung. Bitte versuchen Sie es später erneut.',
  },
  'checkout.guestEmailMissing': { en: 'Guest email for cart is missing.', de: 'Die E-Mail-Adresse für die Gastbestellung fehlt.' },
  'checkout.attributeRequired': { en: '"{label}" is required.', de: '„{label}“ ist erforderlich.' },
  'checkout.attributeLength': { en: '"{label}" must be {min} to {max} characters long.', de: '„{label}“ muss {min} bis {max} Zeichen lang sein.' },
  'checkout.attributeInvalid': { en: '"{label}" is not valid.', de: '„{label}“ ist nicht gültig.' },
  // The request edge (platform/edge.ts)
  'request.foreignOrigin': { en: 'This request must come from the shop\'s own pages.', de: 'Diese Anfrage muss von den Seiten des Shops kommen.' },
  'request.badCharacter': { en: '"{field}" contains a character that is not allowed.', de: '„{field}“ enthält ein Zeichen, das nicht erlaubt ist.' },
  // Accounts
  'account.wrongCredentials': { en: 'The e-mail address or password is not correct', de: 'Die E-Mail-Adresse oder das Passwort ist nicht korrekt.' },
  // Profile facts an age verification confirmed, and fresh sign-in proof before export or cancellation
  'profile.dateOfBirthLocked': {
    en: 'Your date of birth was confirmed by your age verification and can only change through a new age verification.',
    de: 'Ihr Geburtsdatum wurde durch Ihre Altersprüfung bestätigt und lässt sich nur mit einer neuen Altersprüfung ändern.',
  },
  'profile.namesLocked': {
    en: 'Your name was confirmed by your age verification and can only change through a new age verification.',
    de: 'Ihr Name wurde durch Ihre Altersprüfung bestätigt und lässt sich nur mit einer neuen Altersprüfung ändern.',
  },
  'account.reauthRequired': {
    en: 'Please confirm it is you with your password or a one-time code first.',
    de: 'Bitte bestätigen Sie zuerst mit Ihrem Passwort oder einem Einmalcode, dass Sie es sind.',
  },
  'account.reauthWrongPassword': { en: 'The password is not correct.', de: 'Das Passwort ist nicht korrekt.' },
  'account.reauthCodeInvalid': {
    en: 'This one-time code has not been confirmed for your account, or it was already used.',
    de: 'Dieser Einmalcode wurde für Ihr Konto nicht bestätigt oder bereits verwendet.',
  },
  'referral.ownCode': { en: 'You cannot use your own referral code.', de: 'Sie können Ihren eigenen Empfehlungscode nicht verwenden.' },
  'account.currentPasswordIncorrect': { en: 'The current password is not correct.', de: 'Das aktuelle Passwort ist nicht korrekt.' },
  'account.verifyCodeFirst': { en: 'Verify the code sent to the address first.', de: 'Bestätigen Sie zuerst den Code, der an die Adresse gesendet wurde.' },
  // Loyalty
  'loyalty.signInForPoints': { en: 'Sign in to use loyalty points.', de: 'Melden Sie sich an, um Treuepunkte einzusetzen.' },
  'loyalty.notAvailable': { en: 'The loyalty club is not available in this store.', de: 'Der Treueclub ist in diesem Shop nicht verfügbar.' },
} as const satisfies Record<string, Templates>;

export type PhraseKey = keyof typeof PHRASES;

/** A message the edge renders in the store view's language. */
export interface Phrase {
  key: PhraseKey;
  params: Record<string, ParamValue>;
}

export function phrase(key: PhraseKey, params: Record<string, ParamValue> = {}): Phrase {
  return { key, params };
}

/** A message as the code that builds it keeps it: the English text (logs, comparisons) and its phrase. */
export function said(p: Phrase): { message: string; phrase: Phrase } {
  return { message: render(p), phrase: p };
}

export function isPhrase(value: unknown): value is Phrase {
  return typeof value === 'object' && value !== null && Object.hasOwn(PHRASES, (value as Phrase).key);
}

/** The sentence each error code is said with when its message has no phrase of its own. */
export const CODE_SENTENCES: Record<ErrorCode, Templates> = {
  BAD_REQUEST: { en: 'The request could not be understood.', de: 'Die Anfrage konnte nicht verarbeitet werden.' },
  VALIDATION_FAILED: { en: 'Some of the details are not valid.', de: 'Einige Angaben sind nicht gültig.' },
  PAYLOAD_TOO_LARGE: { en: 'The request is too large.', de: 'Die Anfrage ist zu groß.' },
  UNKNOWN_STORE: { en: 'This shop does not exist.', de: 'Diesen Shop gibt es nicht.' },
  QUERY_TOO_DEEP: { en: 'The request is too complex.', de: 'Die Anfrage ist zu komplex.' },
  QUERY_TOO_COMPLEX: { en: 'The request is too complex.', de: 'Die Anfrage ist zu komplex.' },
  METHOD_NOT_ALLOWED: { en: 'This action is not allowed here.', de: 'Diese Aktion ist hier nicht erlaubt.' },
  RATE_LIMITED: { en: 'Too many attempts. Please wait a moment and try again.', de: 'Zu viele Versuche. Bitte warten Sie einen Moment und versuchen Sie es erneut.' },
  IDEMPOTENCY_KEY_REQUIRED: { en: 'This request was already made once: repeat it with its Idempotency-Key.', de: 'Diese Anfrage wurde bereits gestellt: Bitte wiederholen Sie sie mit ihrem Idempotency-Key.' },
  IDEMPOTENCY_KEY_IN_USE: { en: 'This request is still being processed. Please wait a moment.', de: 'Diese Anfrage wird noch bearbeitet. Bitte warten Sie einen Moment.' },
  IDEMPOTENCY_KEY_REUSED: { en: 'This Idempotency-Key was already used for another request.', de: 'Dieser Idempotency-Key wurde bereits für eine andere Anfrage verwendet.' },
  SERVICE_UNAVAILABLE: { en: 'The service is busy. Please try again in a moment.', de: 'Der Dienst ist gerade ausgelastet. Bitte versuchen Sie es gleich noch einmal.' },
  INTERNAL: { en: 'Something went wrong on our side. Please try again.', de: 'Bei uns ist etwas schiefgelaufen. Bitte versuchen Sie es erneut.' },
  ENTITY_NOT_FOUND: { en: 'No data found.', de: 'Nichts gefunden.' },
  ATTRIBUTE_NOT_FOUND: { en: 'This attribute does not exist.', de: 'Dieses Merkmal gibt es nicht.' },
  FILTER_NOT_FOUND: { en: 'This filter does not exist.', de: 'Diesen Filter gibt es nicht.' },
  PRODUCT_NOT_FOUND: { en: 'The product could not be found.', de: 'Das Produkt wurde nicht gefunden.' },
  NOT_SALABLE: { en: 'This product is not available.', de: 'Dieses Produkt ist nicht erhältlich.' },
  INSUFFICIENT_STOCK: { en: 'There is not enough stock for this quantity.', de: 'Für diese Menge ist nicht genug auf Lager.' },
  PERMISSION_DENIED: { en: 'You may not buy this product.', de: 'Sie dürfen dieses Produkt nicht kaufen.' },
  GIFT_ERROR: { en: 'This free gift cannot be added.', de: 'Dieses Gratisgeschenk kann nicht hinzugefügt werden.' },
  REORDER_NOT_AVAILABLE: { en: 'This order cannot be ordered again.', de: 'Diese Bestellung kann nicht erneut bestellt werden.' },
  UNDEFINED: { en: 'This item cannot be added to the cart.', de: 'Dieser Artikel kann nicht in den Warenkorb gelegt werden.' },
  ITEM_QTY: { en: 'This quantity is more than you may order.', de: 'Diese Menge ist mehr, als Sie bestellen dürfen.' },
  ITEM_INCREMENTS: { en: 'The quantity must be a whole number.', de: 'Die Menge muss eine ganze Zahl sein.' },
  ITEM_INCREMENT: { en: 'This product is sold in steps; change the quantity.', de: 'Dieses Produkt gibt es nur in festen Schritten; bitte ändern Sie die Menge.' },
  CARTONS_LIMIT: { en: 'Your order has more cartons than allowed.', de: 'Ihre Bestellung enthält mehr Stangen als erlaubt.' },
  ONGOING_SUBSCRIPTION: { en: 'You already have a subscription.', de: 'Sie haben bereits ein Abo.' },
  TRADEIN_LIMIT: { en: 'This trade-in is not possible.', de: 'Diese Inzahlungnahme ist nicht möglich.' },
  ORDER_LIMIT: { en: 'You have reached the order limit for this period.', de: 'Sie haben das Bestelllimit für diesen Zeitraum erreicht.' },
  CART_NOT_FOUND: { en: 'The cart could not be found.', de: 'Der Warenkorb wurde nicht gefunden.' },
  CART_NOT_ACTIVE: { en: 'The cart isn\'t active.', de: 'Der Warenkorb ist nicht mehr aktiv.' },
  GUEST_EMAIL_MISSING: { en: 'Enter your e-mail address.', de: 'Bitte geben Sie Ihre E-Mail-Adresse ein.' },
  UNABLE_TO_PLACE_ORDER: { en: 'The order could not be placed.', de: 'Die Bestellung konnte nicht aufgegeben werden.' },
  ORDER_NOT_FOUND: { en: 'The order could not be found.', de: 'Die Bestellung wurde nicht gefunden.' },
  ORDER_NOT_CANCELABLE: { en: 'This order can no longer be cancelled.', de: 'Diese Bestellung kann nicht mehr storniert werden.' },
  ORDER_STATUS_NOT_ALLOWED: { en: 'This order cannot change to that status.', de: 'Diese Bestellung kann diesen Status nicht annehmen.' },
  ORDER_NOT_PAYABLE: { en: 'This order cannot be paid now.', de: 'Diese Bestellung kann jetzt nicht bezahlt werden.' },
  PAYMENT_MISMATCH: { en: 'The payment does not match the order.', de: 'Die Zahlung passt nicht zur Bestellung.' },
  NOT_FOUND: { en: 'Not found.', de: 'Nicht gefunden.' },
  UNAUTHORISED: { en: 'Please sign in.', de: 'Bitte melden Sie sich an.' },
  INACTIVE: { en: 'This account is not active.', de: 'Dieses Kundenkonto ist nicht aktiv.' },
  ALREADY_EXISTS: { en: 'This already exists.', de: 'Das gibt es bereits.' },
  VERIFICATION_CODE_INVALID: { en: 'The code is not correct.', de: 'Der Code ist nicht korrekt.' },
  VERIFICATION_EXPIRED: { en: 'The code has expired. Ask for a new one.', de: 'Der Code ist abgelaufen. Fordern Sie einen neuen an.' },
  VERIFICATION_LOCKED: { en: 'Too many wrong codes. Ask for a new one.', de: 'Zu viele falsche Codes. Fordern Sie einen neuen an.' },
  VERIFICATION_REQUIRED: { en: 'Please confirm this change with a code first.', de: 'Bitte bestätigen Sie diese Änderung zuerst mit einem Code.' },
  NOT_AVAILABLE: { en: 'This is not available here.', de: 'Das ist hier nicht verfügbar.' },
  INSUFFICIENT_POINTS: { en: 'You do not have enough points.', de: 'Sie haben nicht genug Punkte.' },
  NOT_ELIGIBLE: { en: 'You cannot use this yet.', de: 'Das können Sie noch nicht nutzen.' },
  REFERRAL_NOT_ALLOWED: { en: 'This referral is not possible.', de: 'Diese Empfehlung ist nicht möglich.' },
  DEVICE_CODE_INVALID: { en: 'Invalid registration code.', de: 'Ungültiger Registrierungscode.' },
  DEVICE_REGISTERED_ELSEWHERE: { en: 'This device is registered already to another user.', de: 'Dieses Gerät ist bereits für einen anderen Nutzer registriert.' },
  BOT_CHECK_FAILED: { en: 'The security check failed. Please try again.', de: 'Die Sicherheitsprüfung ist fehlgeschlagen. Bitte versuchen Sie es erneut.' },
  LEAD_LINK_INVALID: { en: 'This confirmation link is not valid.', de: 'Dieser Bestätigungslink ist ungültig.' },
  LEAD_LINK_EXPIRED: { en: 'This confirmation link has expired.', de: 'Dieser Bestätigungslink ist abgelaufen.' },
  MARKETING_LINK_INVALID: { en: 'This link is not valid.', de: 'Dieser Link ist ungültig.' },
  MARKETING_LINK_EXPIRED: { en: 'This confirmation link has expired.', de: 'Dieser Bestätigungslink ist abgelaufen.' },
  AGE_VERIFICATION_REQUIRED: { en: 'Please verify your age first.', de: 'Bitte lassen Sie zuerst Ihr Alter prüfen.' },
  SUBSCRIPTION_NOT_CHANGEABLE: { en: 'Your subscription cannot be changed like this now.', de: 'Ihr Abo kann jetzt nicht so geändert werden.' },
  SUBSCRIPTION_COMMITMENT: { en: 'Your subscription can be cancelled once its minimum number of deliveries is reached.', de: 'Ihr Abo kann gekündigt werden, sobald die Mindestzahl an Lieferungen erreicht ist.' },
  SUBSCRIPTION_PRODUCT_EXISTS: { en: 'This product is already in your subscription.', de: 'Dieses Produkt ist bereits in Ihrem Abo.' },
  TRIAL_NOT_CHANGEABLE: { en: 'Your trial cannot be changed like this now.', de: 'Ihr Test kann jetzt nicht so geändert werden.' },
  OPERATION_NOT_ALLOWED: { en: 'This change is not possible now.', de: 'Diese Änderung ist jetzt nicht möglich.' },
  CARD_IN_USE: { en: 'Your subscription is paid with this card. Choose another card for it first.', de: 'Ihr Abo wird mit dieser Karte bezahlt. Wählen Sie dafür zuerst eine andere Karte.' },
  RETURN_NOT_CHANGEABLE: { en: 'This return cannot be changed like this now.', de: 'Diese Rücksendung kann jetzt nicht so geändert werden.' },
  REFUND_NOT_POSSIBLE: { en: 'This amount cannot be refunded.', de: 'Dieser Betrag kann nicht erstattet werden.' },
};

/** Who is spoken to: the store view's language and locale (`de_CH`). */
export interface Audience {
  language: string;
  locale: string;
}

export const ENGLISH: Audience = { language: 'en', locale: 'en_GB' };

/** The locale a language is said in where the store view speaks another one. */
const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en_GB', de: 'de_DE' };

/**
 * Who a request speaks to (spec §6, docs/decisions/0074): the store view's language and locale,
 * unless its `Locale` header names another language the shop speaks (the storefront sets it from
 * the page's language). A header naming no such language is ignored, never refused: it is a
 * preference, and the store view's language is always a good answer.
 */
export function audienceOf(view: Audience, request: { headers: Record<string, string | string[] | undefined> }): Audience {
  const wanted = localeLanguage(request.headers[LOCALE_HEADER]);
  if (!wanted || wanted === view.language || !(LANGUAGES as readonly string[]).includes(wanted)) return view;
  return { language: wanted, locale: LANGUAGE_LOCALES[wanted as Language] };
}

export function languageOf(language: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as Language) : 'en';
}

function formatParam(value: ParamValue, locale: string): string {
  if (typeof value === 'object') {
    return new Intl.NumberFormat(locale.replace('_', '-'), { style: 'currency', currency: value.currency }).format(value.minor / 100);
  }
  return String(value);
}

/** A phrase in the audience's language; a parameter the template does not name is ignored. */
export function render(p: Phrase, audience: Audience = ENGLISH): string {
  const template = PHRASES[p.key][languageOf(audience.language)];
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in p.params ? formatParam(p.params[name]!, audience.locale) : whole));
}

/**
 * What a shopper reads for a message: its phrase in their language; a message without a phrase as
 * written in English, and in any other language the sentence of its code.
 */
export function say(message: { code?: string | null; message: string; phrase?: Phrase | null }, audience: Audience = ENGLISH): string {
  if (message.phrase) return render(message.phrase, audience);
  const language = languageOf(audience.language);
  if (language === 'en') return message.message;
  const code = (message.code ?? '').toUpperCase();
  return (isErrorCode(code) ? CODE_SENTENCES[code] : CODE_SENTENCES.UNDEFINED)[language];
}

/** The parameter names a template uses (the test checks every language uses the same ones). */
export function placeholdersOf(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).sort();
}

/** Every error code of the contract (so a new code without sentences fails the type check above). */
export const SPOKEN_CODES = Object.keys(ERROR_CODES) as ErrorCode[];
