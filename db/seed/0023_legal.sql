-- Demo seed, part 23: the legal pages of every market (docs/decisions/0027), version 1 of each.
-- English for gb and gb_trial, German for de and ch; the imprint (Impressum) only for de and ch.
-- Bodies are markdown without HTML. Ember Products Ltd / GmbH, their addresses, register and VAT
-- numbers are fictional.

INSERT INTO content_legal_page (store_code, kind, language, version, published_at, title, meta_description, body) VALUES
  ('gb', 'terms', 'en', 1, '2026-01-01T00:00:00Z', 'Terms and conditions', 'The terms that apply when you shop at Ember: age restriction, ordering, prices, payment, delivery, returns and liability.',
   'These terms and conditions apply to every order placed in the Ember online shop for the United Kingdom. Please read them carefully before you place an order. You accept them by ticking the box before you register and before you place an order.

## 1. Who we are

The shop is run by Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, United Kingdom. Registered in England and Wales under company number 12845731. VAT number GB 318 4472 96. You can reach our customer service at service@ember-shop.example or on 0117 496 0123 (Monday to Friday, 9 am to 6 pm, calls charged at your standard rate).

## 2. Adults only

Our products contain nicotine or are designed to be used with nicotine products. They are **only sold to adults aged 18 or over** who already smoke or use nicotine products.

- By registering or ordering you confirm that you are at least 18 years old.
- We may ask you to verify your age before we accept an order, for example with an identity document or a check against a credit reference database.
- Couriers hand parcels only to the adult named on the order and may ask for photo ID. A parcel that cannot be handed over is returned to us and the order cancelled and refunded.
- We refuse or cancel orders where we believe that the products are intended for a person under 18.

## 3. How a contract is made

1. The products in the shop are an invitation to make an offer, not an offer by us.
2. When you click "Place order" you make a binding offer to buy the products in your basket.
3. We confirm that we have received your order by e-mail. This confirmation is not yet an acceptance of your offer.
4. The contract is made when we dispatch the products and tell you so by e-mail, or when your order is ready for collection in a store.

The contract language is English. We store the text of the contract; you can see your orders at any time in your account and you receive the order details by e-mail.

## 4. Prices and payment

All prices are in pounds sterling (GBP) and include VAT at the current rate. Delivery costs are shown in the basket and at checkout before you place your order.

You can pay by debit or credit card or by bank transfer through our payment service provider. Your card is charged when you place the order. If a payment fails, you can pay again from your account; an order that stays unpaid is cancelled after the time shown at checkout.

Promotional codes and loyalty points cannot be exchanged for cash and only apply under the conditions shown with them.

## 5. Delivery

We deliver to addresses in Great Britain and Northern Ireland. Standard delivery takes 2 to 4 working days; express orders placed before 4 pm Monday to Thursday are delivered the next working day. You can also collect your order from one of our partner stores.

Quantity limits apply to nicotine products by law and by our own policy; the limits are shown in your basket.

## 6. Ownership and risk

The products remain our property until they have been paid for in full. The risk passes to you when the products are handed to you or to the person you named.

## 7. Your right to cancel and returns

As a consumer you have the right to cancel your contract within 14 days without giving any reason. The details, the exceptions for sealed products and the model cancellation form are on our page "Right of withdrawal and returns".

## 8. Faulty products

You have the legal rights of the Consumer Rights Act 2015: products must be as described, fit for purpose and of satisfactory quality. Ember devices also carry a 12-month manufacturer''s guarantee that does not affect your legal rights. Please contact customer service if a product is faulty; do not open or repair the device yourself.

## 9. The Ember club

Membership of our loyalty club is free and voluntary. Points are credited once an order has been delivered and expire as described in the club''s rules. We may change or end the club with reasonable notice; points collected until then can still be redeemed for at least three months.

## 10. Our liability

We are liable without limitation for death or personal injury caused by our negligence, for fraud and for anything else that cannot be limited by law. Otherwise we are liable only for losses that were foreseeable when the contract was made. We are not liable for business losses; our products are sold for private use only.

## 11. Changes to these terms

We may change these terms for future orders. Each version carries its own version number; the version you accepted with an order is kept with that order.

## 12. Law and disputes

These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local courts. We are not obliged to take part in alternative dispute resolution, but we will always try to settle a complaint with you directly first.
'),
  ('gb', 'privacy', 'en', 1, '2026-01-01T00:00:00Z', 'Privacy policy', 'How Ember Products Ltd collects, uses and protects your personal data, and the rights you have under UK data protection law.',
   'This policy explains which personal data we process when you use the Ember shop, why we do so and what rights you have. It applies to the website, your customer account, orders, the Ember club and our customer service.

## 1. Who is responsible

The controller is Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, United Kingdom. Registered in England and Wales under company number 12845731. VAT number GB 318 4472 96. You can contact our data protection officer at privacy@ember-shop.example or by post at the address above, marked "Data protection officer".

## 2. The data we process

- **Account data:** name, e-mail address, password (stored only as a secure hash), date of birth, telephone number and addresses.
- **Order data:** the products you buy, delivery and billing addresses, payment method and status, correspondence about your order.
- **Age verification data:** the result of the age check and the method used. We do not keep copies of identity documents; the verification provider deletes them after the check.
- **Payment data:** card and bank details are entered on our payment provider''s pages; we only receive a reference and the payment status.
- **Communication data:** your messages to us and, if you agreed, your marketing preferences.
- **Usage data:** technical information such as IP address, browser and pages visited, see our cookie policy.

## 3. Why we use your data and on which legal basis

- To run your account and fulfil your orders (UK GDPR Article 6(1)(b), contract).
- To verify your age and keep records required by tax and product law (Article 6(1)(c), legal obligation).
- To prevent fraud and protect our shop (Article 6(1)(f), legitimate interests).
- To send you news and offers and to personalise them, only with your consent (Article 6(1)(a)); you can withdraw your consent at any time in your account under "Communication preferences".

## 4. Who receives your data

We share your data only as far as needed with: delivery companies and partner stores (name, address, telephone number), our payment provider, our age verification provider, our IT and hosting providers, and authorities where the law requires it. All service providers process data on our instructions under written contracts. Where data leaves the UK, we use adequacy regulations or the UK International Data Transfer Agreement.

## 5. How long we keep it

Account data is kept while you have an account and deleted when you close it. Order and invoice data is kept for six years after the end of the financial year, as tax law requires. Marketing consents and their history are kept as proof for as long as we rely on them and three years after.

## 6. Your rights

You have the right to access your data, to have it corrected or erased, to restrict its processing, to data portability and to object to processing based on legitimate interests. You can download your data and close your account yourself in your account. You can also complain to the Information Commissioner''s Office (ico.org.uk, 0303 123 1113).

## 7. Security

Connections to our shop are encrypted. Passwords are stored as Argon2id hashes, sessions end after inactivity, and access to customer data is limited to the staff who need it.

## 8. Changes

We update this policy when our processing changes. The version number and the publication date of the current version are shown at the end of this page.
'),
  ('gb', 'cookies', 'en', 1, '2026-01-01T00:00:00Z', 'Cookie policy', 'Which cookies and similar technologies the Ember shop uses, what for, and how you control them.',
   'Cookies are small text files that a website stores in your browser. We also use your browser''s local storage, which works in a similar way. This policy explains which ones we use and how you can control them.

## 1. Strictly necessary

These make the shop work and cannot be switched off. They do not need your consent.

- **ember_session**: keeps you signed in; deleted when you log out or after 14 days.
- **ember_age_gate**: remembers that you confirmed you are 18 or over and your market; kept for one year.
- **ember.cart.&lt;market&gt;** (local storage): remembers the basket of a guest until the order is placed.
- Security cookies of our payment provider on its payment pages.

## 2. Analytics

With your consent we measure how the shop is used (pages viewed, products added to the basket, completed orders) through Google Tag Manager and Google Analytics 4. The data is pseudonymous and helps us improve the shop. These cookies are kept for up to 14 months.

## 3. Marketing

With your consent our advertising partners may set cookies to show you relevant Ember adverts on other websites and to measure their success. We never target adverts at people under 18.

## 4. Your choices

You can change your choices at any time, and you can delete cookies in your browser''s settings. If you block strictly necessary cookies, you will not be able to sign in or place an order.

## 5. Contact

Questions about cookies can be sent to privacy@ember-shop.example. More about how we handle your data is in our privacy policy.
'),
  ('gb', 'withdrawal', 'en', 1, '2026-01-01T00:00:00Z', 'Right of withdrawal and returns', 'Your 14-day right to cancel, its exceptions for sealed nicotine products, the model cancellation form and how to return products to Ember.',
   '## Your right to cancel

You have the right to cancel this contract within 14 days without giving any reason.

The cancellation period expires 14 days after the day on which you, or a third party other than the carrier and indicated by you, take physical possession of the goods. If you ordered several goods that are delivered separately, the period expires 14 days after you take possession of the last one.

To exercise the right to cancel, you must inform us (Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, e-mail returns@ember-shop.example, telephone 0117 496 0123) of your decision to cancel this contract by a clear statement, for example a letter sent by post or an e-mail. You may use the model cancellation form below, but it is not obligatory.

To meet the cancellation deadline, it is sufficient for you to send your communication before the cancellation period has expired.

## Effects of cancellation

If you cancel this contract, we will reimburse all payments received from you, including the costs of standard delivery, without undue delay and not later than 14 days from the day on which we are informed about your decision. We use the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; you will not incur any fees as a result.

We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent them back, whichever is the earliest.

You shall send back the goods to us without undue delay and in any event not later than 14 days from the day on which you tell us about your cancellation. You will have to bear the direct cost of returning the goods. You are only liable for any diminished value of the goods resulting from handling other than what is necessary to establish their nature, characteristics and functioning.

## Exceptions

The right to cancel does not apply to:

- **sealed goods which are not suitable for return for health protection or hygiene reasons and have been unsealed after delivery**: this includes tobacco sticks and nicotine pouches once a pack or carton has been opened, and mouthpieces and cleaning tools once their packaging has been opened,
- goods made to your specifications or clearly personalised, such as engraved devices,
- sealed goods which, after delivery, are inseparably mixed with other items.

## How to return products

1. Tell us that you are cancelling, by e-mail or with the form below, and give your order number.
2. Pack the products securely, with all accessories, in their original packaging if possible.
3. Send the parcel to: Ember Returns, Unit 7, Avon Trade Park, Bristol BS2 0ZP. Keep the proof of postage.

Faulty products are not affected by these rules: contact customer service and we will collect them free of charge.

## Model cancellation form

(Complete and return this form only if you wish to cancel the contract.)

To Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, returns@ember-shop.example:

I/We (\*) hereby give notice that I/We (\*) cancel my/our (\*) contract of sale of the following goods (\*):

- Ordered on (\*) / received on (\*):
- Order number:
- Name of consumer(s):
- Address of consumer(s):
- Signature of consumer(s) (only if this form is notified on paper):
- Date:

(\*) Delete as appropriate.
'),
  ('gb_trial', 'terms', 'en', 1, '2026-01-01T00:00:00Z', 'Terms and conditions', 'The terms that apply when you shop at Ember: age restriction, ordering, prices, payment, delivery, returns and liability.',
   'These terms and conditions apply to every order placed in the Ember online shop for the United Kingdom. Please read them carefully before you place an order. You accept them by ticking the box before you register and before you place an order.

## 1. Who we are

The shop is run by Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, United Kingdom. Registered in England and Wales under company number 12845731. VAT number GB 318 4472 96. You can reach our customer service at service@ember-shop.example or on 0117 496 0123 (Monday to Friday, 9 am to 6 pm, calls charged at your standard rate).

## 2. Adults only

Our products contain nicotine or are designed to be used with nicotine products. They are **only sold to adults aged 18 or over** who already smoke or use nicotine products.

- By registering or ordering you confirm that you are at least 18 years old.
- We may ask you to verify your age before we accept an order, for example with an identity document or a check against a credit reference database.
- Couriers hand parcels only to the adult named on the order and may ask for photo ID. A parcel that cannot be handed over is returned to us and the order cancelled and refunded.
- We refuse or cancel orders where we believe that the products are intended for a person under 18.

## 3. How a contract is made

1. The products in the shop are an invitation to make an offer, not an offer by us.
2. When you click "Place order" you make a binding offer to buy the products in your basket.
3. We confirm that we have received your order by e-mail. This confirmation is not yet an acceptance of your offer.
4. The contract is made when we dispatch the products and tell you so by e-mail, or when your order is ready for collection in a store.

The contract language is English. We store the text of the contract; you can see your orders at any time in your account and you receive the order details by e-mail.

## 4. Prices and payment

All prices are in pounds sterling (GBP) and include VAT at the current rate. Delivery costs are shown in the basket and at checkout before you place your order.

You can pay by debit or credit card or by bank transfer through our payment service provider. Your card is charged when you place the order. If a payment fails, you can pay again from your account; an order that stays unpaid is cancelled after the time shown at checkout.

Promotional codes and loyalty points cannot be exchanged for cash and only apply under the conditions shown with them.

## 5. Delivery

We deliver to addresses in Great Britain and Northern Ireland. Standard delivery takes 2 to 4 working days; express orders placed before 4 pm Monday to Thursday are delivered the next working day. You can also collect your order from one of our partner stores.

Quantity limits apply to nicotine products by law and by our own policy; the limits are shown in your basket.

## 6. Ownership and risk

The products remain our property until they have been paid for in full. The risk passes to you when the products are handed to you or to the person you named.

## 7. Your right to cancel and returns

As a consumer you have the right to cancel your contract within 14 days without giving any reason. The details, the exceptions for sealed products and the model cancellation form are on our page "Right of withdrawal and returns".

## 8. Faulty products

You have the legal rights of the Consumer Rights Act 2015: products must be as described, fit for purpose and of satisfactory quality. Ember devices also carry a 12-month manufacturer''s guarantee that does not affect your legal rights. Please contact customer service if a product is faulty; do not open or repair the device yourself.

## 9. The Ember club

Membership of our loyalty club is free and voluntary. Points are credited once an order has been delivered and expire as described in the club''s rules. We may change or end the club with reasonable notice; points collected until then can still be redeemed for at least three months.

## 10. Our liability

We are liable without limitation for death or personal injury caused by our negligence, for fraud and for anything else that cannot be limited by law. Otherwise we are liable only for losses that were foreseeable when the contract was made. We are not liable for business losses; our products are sold for private use only.

## 11. Changes to these terms

We may change these terms for future orders. Each version carries its own version number; the version you accepted with an order is kept with that order.

## 12. Law and disputes

These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you can also bring proceedings in your local courts. We are not obliged to take part in alternative dispute resolution, but we will always try to settle a complaint with you directly first.
'),
  ('gb_trial', 'privacy', 'en', 1, '2026-01-01T00:00:00Z', 'Privacy policy', 'How Ember Products Ltd collects, uses and protects your personal data, and the rights you have under UK data protection law.',
   'This policy explains which personal data we process when you use the Ember shop, why we do so and what rights you have. It applies to the website, your customer account, orders, the Ember club and our customer service.

## 1. Who is responsible

The controller is Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, United Kingdom. Registered in England and Wales under company number 12845731. VAT number GB 318 4472 96. You can contact our data protection officer at privacy@ember-shop.example or by post at the address above, marked "Data protection officer".

## 2. The data we process

- **Account data:** name, e-mail address, password (stored only as a secure hash), date of birth, telephone number and addresses.
- **Order data:** the products you buy, delivery and billing addresses, payment method and status, correspondence about your order.
- **Age verification data:** the result of the age check and the method used. We do not keep copies of identity documents; the verification provider deletes them after the check.
- **Payment data:** card and bank details are entered on our payment provider''s pages; we only receive a reference and the payment status.
- **Communication data:** your messages to us and, if you agreed, your marketing preferences.
- **Usage data:** technical information such as IP address, browser and pages visited, see our cookie policy.

## 3. Why we use your data and on which legal basis

- To run your account and fulfil your orders (UK GDPR Article 6(1)(b), contract).
- To verify your age and keep records required by tax and product law (Article 6(1)(c), legal obligation).
- To prevent fraud and protect our shop (Article 6(1)(f), legitimate interests).
- To send you news and offers and to personalise them, only with your consent (Article 6(1)(a)); you can withdraw your consent at any time in your account under "Communication preferences".

## 4. Who receives your data

We share your data only as far as needed with: delivery companies and partner stores (name, address, telephone number), our payment provider, our age verification provider, our IT and hosting providers, and authorities where the law requires it. All service providers process data on our instructions under written contracts. Where data leaves the UK, we use adequacy regulations or the UK International Data Transfer Agreement.

## 5. How long we keep it

Account data is kept while you have an account and deleted when you close it. Order and invoice data is kept for six years after the end of the financial year, as tax law requires. Marketing consents and their history are kept as proof for as long as we rely on them and three years after.

## 6. Your rights

You have the right to access your data, to have it corrected or erased, to restrict its processing, to data portability and to object to processing based on legitimate interests. You can download your data and close your account yourself in your account. You can also complain to the Information Commissioner''s Office (ico.org.uk, 0303 123 1113).

## 7. Security

Connections to our shop are encrypted. Passwords are stored as Argon2id hashes, sessions end after inactivity, and access to customer data is limited to the staff who need it.

## 8. Changes

We update this policy when our processing changes. The version number and the publication date of the current version are shown at the end of this page.
'),
  ('gb_trial', 'cookies', 'en', 1, '2026-01-01T00:00:00Z', 'Cookie policy', 'Which cookies and similar technologies the Ember shop uses, what for, and how you control them.',
   'Cookies are small text files that a website stores in your browser. We also use your browser''s local storage, which works in a similar way. This policy explains which ones we use and how you can control them.

## 1. Strictly necessary

These make the shop work and cannot be switched off. They do not need your consent.

- **ember_session**: keeps you signed in; deleted when you log out or after 14 days.
- **ember_age_gate**: remembers that you confirmed you are 18 or over and your market; kept for one year.
- **ember.cart.&lt;market&gt;** (local storage): remembers the basket of a guest until the order is placed.
- Security cookies of our payment provider on its payment pages.

## 2. Analytics

With your consent we measure how the shop is used (pages viewed, products added to the basket, completed orders) through Google Tag Manager and Google Analytics 4. The data is pseudonymous and helps us improve the shop. These cookies are kept for up to 14 months.

## 3. Marketing

With your consent our advertising partners may set cookies to show you relevant Ember adverts on other websites and to measure their success. We never target adverts at people under 18.

## 4. Your choices

You can change your choices at any time, and you can delete cookies in your browser''s settings. If you block strictly necessary cookies, you will not be able to sign in or place an order.

## 5. Contact

Questions about cookies can be sent to privacy@ember-shop.example. More about how we handle your data is in our privacy policy.
'),
  ('gb_trial', 'withdrawal', 'en', 1, '2026-01-01T00:00:00Z', 'Right of withdrawal and returns', 'Your 14-day right to cancel, its exceptions for sealed nicotine products, the model cancellation form and how to return products to Ember.',
   '## Your right to cancel

You have the right to cancel this contract within 14 days without giving any reason.

The cancellation period expires 14 days after the day on which you, or a third party other than the carrier and indicated by you, take physical possession of the goods. If you ordered several goods that are delivered separately, the period expires 14 days after you take possession of the last one.

To exercise the right to cancel, you must inform us (Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, e-mail returns@ember-shop.example, telephone 0117 496 0123) of your decision to cancel this contract by a clear statement, for example a letter sent by post or an e-mail. You may use the model cancellation form below, but it is not obligatory.

To meet the cancellation deadline, it is sufficient for you to send your communication before the cancellation period has expired.

## Effects of cancellation

If you cancel this contract, we will reimburse all payments received from you, including the costs of standard delivery, without undue delay and not later than 14 days from the day on which we are informed about your decision. We use the same means of payment as you used for the initial transaction, unless you have expressly agreed otherwise; you will not incur any fees as a result.

We may withhold reimbursement until we have received the goods back or you have supplied evidence of having sent them back, whichever is the earliest.

You shall send back the goods to us without undue delay and in any event not later than 14 days from the day on which you tell us about your cancellation. You will have to bear the direct cost of returning the goods. You are only liable for any diminished value of the goods resulting from handling other than what is necessary to establish their nature, characteristics and functioning.

## Exceptions

The right to cancel does not apply to:

- **sealed goods which are not suitable for return for health protection or hygiene reasons and have been unsealed after delivery**: this includes tobacco sticks and nicotine pouches once a pack or carton has been opened, and mouthpieces and cleaning tools once their packaging has been opened,
- goods made to your specifications or clearly personalised, such as engraved devices,
- sealed goods which, after delivery, are inseparably mixed with other items.

## How to return products

1. Tell us that you are cancelling, by e-mail or with the form below, and give your order number.
2. Pack the products securely, with all accessories, in their original packaging if possible.
3. Send the parcel to: Ember Returns, Unit 7, Avon Trade Park, Bristol BS2 0ZP. Keep the proof of postage.

Faulty products are not affected by these rules: contact customer service and we will collect them free of charge.

## Model cancellation form

(Complete and return this form only if you wish to cancel the contract.)

To Ember Products Ltd, 14 Harbour Yard, Bristol BS1 6XN, returns@ember-shop.example:

I/We (\*) hereby give notice that I/We (\*) cancel my/our (\*) contract of sale of the following goods (\*):

- Ordered on (\*) / received on (\*):
- Order number:
- Name of consumer(s):
- Address of consumer(s):
- Signature of consumer(s) (only if this form is notified on paper):
- Date:

(\*) Delete as appropriate.
'),
  ('de', 'terms', 'de', 1, '2026-01-01T00:00:00Z', 'Allgemeine Geschäftsbedingungen', 'Die Bedingungen für Ihren Einkauf bei Ember: Altersgrenze, Bestellung, Preise, Zahlung, Lieferung, Rückgabe und Haftung.',
   'Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Bestellungen im Ember Online-Shop. Bitte lesen Sie sie vor Ihrer Bestellung sorgfältig. Sie akzeptieren sie, indem Sie vor der Registrierung und vor der Bestellung das entsprechende Kästchen ankreuzen.

## 1. Vertragspartner

Ihr Vertragspartner ist die Ember Products GmbH, Lindenstraße 42, 10969 Berlin, Deutschland. Unseren Kundenservice erreichen Sie unter service@ember-shop.example oder telefonisch unter 030 5557 2480 (Montag bis Freitag, 9 bis 18 Uhr, zum Ortstarif).

## 2. Nur für Erwachsene

Unsere Produkte enthalten Nikotin oder sind für die Verwendung mit Nikotinprodukten bestimmt. Wir verkaufen sie **ausschließlich an Erwachsene ab 18 Jahren**, die bereits rauchen oder Nikotinprodukte verwenden.

- Mit Ihrer Registrierung und Ihrer Bestellung bestätigen Sie, dass Sie mindestens 18 Jahre alt sind.
- Wir können vor Annahme einer Bestellung eine Altersprüfung verlangen, etwa mit einem Ausweisdokument oder über eine Auskunftei.
- Die Zustellung erfolgt nur an die volljährige Person, auf die die Bestellung lautet; der Zusteller kann einen Lichtbildausweis verlangen. Kann ein Paket nicht übergeben werden, geht es an uns zurück, und wir erstatten den Kaufpreis.
- Bestellungen, die erkennbar für Minderjährige bestimmt sind, lehnen wir ab oder stornieren sie.

## 3. Vertragsschluss

1. Die Darstellung der Produkte im Shop ist kein verbindliches Angebot, sondern eine Aufforderung zur Bestellung.
2. Mit dem Klick auf „Zahlungspflichtig bestellen“ bzw. „Bestellung aufgeben“ geben Sie ein verbindliches Angebot zum Kauf der Waren im Warenkorb ab.
3. Wir bestätigen den Eingang Ihrer Bestellung per E-Mail. Diese Eingangsbestätigung ist noch keine Annahme Ihres Angebots.
4. Der Vertrag kommt zustande, wenn wir die Ware versenden und Ihnen dies per E-Mail mitteilen oder wenn Ihre Bestellung im Geschäft zur Abholung bereitliegt.

Die Vertragssprache ist Deutsch. Wir speichern den Vertragstext; Ihre Bestellungen sehen Sie jederzeit in Ihrem Kundenkonto, die Bestelldaten erhalten Sie zusätzlich per E-Mail.

## 4. Preise und Zahlung

Alle Preise sind in Euro (EUR) angegeben und enthalten der gesetzlichen Mehrwertsteuer. Versandkosten werden im Warenkorb und an der Kasse vor Abgabe der Bestellung angezeigt.

Sie können per Debit- oder Kreditkarte oder per Überweisung über unseren Zahlungsdienstleister bezahlen. Die Karte wird bei Abgabe der Bestellung belastet. Schlägt eine Zahlung fehl, können Sie sie in Ihrem Kundenkonto wiederholen; bleibt eine Bestellung unbezahlt, wird sie nach der an der Kasse genannten Frist storniert.

Gutscheincodes und Treuepunkte können nicht in bar ausgezahlt werden und gelten nur zu den jeweils angegebenen Bedingungen.

## 5. Lieferung

Wir liefern an Adressen in Deutschland. Die Standardlieferung dauert 2 bis 4 Werktage. Sie können Ihre Bestellung auch in einem unserer Partnergeschäfte abholen.

Für Nikotinprodukte gelten gesetzliche und eigene Höchstmengen je Bestellung; sie werden im Warenkorb angezeigt.

## 6. Eigentumsvorbehalt

Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.

## 7. Widerrufsrecht und Rückgabe

Als Verbraucherin oder Verbraucher haben Sie ein gesetzliches Widerrufsrecht von 14 Tagen. Einzelheiten, die Ausnahmen für versiegelte Produkte und das Muster-Widerrufsformular finden Sie auf der Seite „Widerrufsrecht und Rückgabe“.

## 8. Mängel und Garantie

Es gelten die gesetzlichen Mängelrechte (Gewährleistungsfrist zwei Jahre ab Lieferung). Bitte wenden Sie sich bei einem Defekt an unseren Kundenservice und öffnen oder reparieren Sie das Gerät nicht selbst.

## 9. Der Ember Club

Die Mitgliedschaft in unserem Treueprogramm ist kostenlos und freiwillig. Punkte werden gutgeschrieben, sobald eine Bestellung zugestellt wurde, und verfallen nach den Regeln des Clubs. Wir können den Club mit angemessener Frist ändern oder beenden; bis dahin gesammelte Punkte können mindestens drei Monate lang eingelöst werden.

## 10. Haftung

Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, für Schäden aus der Verletzung von Leben, Körper oder Gesundheit und nach dem Produkthaftungsgesetz. Bei leichter Fahrlässigkeit haften wir nur für die Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.

## 11. Änderungen dieser AGB

Wir können diese AGB für künftige Bestellungen ändern. Jede Fassung trägt eine Versionsnummer; die Version, die Sie mit einer Bestellung akzeptiert haben, wird mit der Bestellung gespeichert.

## 12. Anwendbares Recht und Streitbeilegung

Es gilt das Recht der Bundesrepublik Deutschland unter Ausschluss des UN-Kaufrechts. Als Verbraucherin oder Verbraucher mit gewöhnlichem Aufenthalt in der EU behalten Sie den Schutz der zwingenden Bestimmungen Ihres Aufenthaltsstaates.

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen. Beschwerden klären wir gern direkt mit Ihnen.
'),
  ('de', 'privacy', 'de', 1, '2026-01-01T00:00:00Z', 'Datenschutzerklärung', 'Wie die Ember Products GmbH Ihre personenbezogenen Daten erhebt, verwendet und schützt, und welche Rechte Sie haben.',
   'Diese Datenschutzerklärung erläutert, welche personenbezogenen Daten wir bei der Nutzung des Ember Shops verarbeiten, zu welchen Zwecken und welche Rechte Sie haben. Sie gilt für die Website, Ihr Kundenkonto, Bestellungen, den Ember Club und unseren Kundenservice.

## 1. Verantwortlicher

Verantwortlich ist die Ember Products GmbH, Lindenstraße 42, 10969 Berlin, Deutschland, E-Mail service@ember-shop.example. Unseren Datenschutzbeauftragten erreichen Sie unter privacy@ember-shop.example oder per Post unter der genannten Adresse mit dem Zusatz „Datenschutzbeauftragter“.

## 2. Welche Daten wir verarbeiten

- **Kontodaten:** Name, E-Mail-Adresse, Passwort (nur als sicherer Hash gespeichert), Geburtsdatum, Telefonnummer und Adressen.
- **Bestelldaten:** gekaufte Produkte, Liefer- und Rechnungsadresse, Zahlungsart und -status, Korrespondenz zur Bestellung.
- **Daten der Altersprüfung:** Ergebnis und Verfahren der Prüfung. Kopien von Ausweisdokumenten speichern wir nicht; der Prüfdienstleister löscht sie nach der Prüfung.
- **Zahlungsdaten:** Karten- und Bankdaten geben Sie auf den Seiten unseres Zahlungsdienstleisters ein; wir erhalten nur eine Referenz und den Zahlungsstatus.
- **Kommunikationsdaten:** Ihre Nachrichten an uns und, wenn Sie eingewilligt haben, Ihre Werbeeinstellungen.
- **Nutzungsdaten:** technische Angaben wie IP-Adresse, Browser und aufgerufene Seiten, siehe unsere Cookie-Richtlinie.

## 3. Zwecke und Rechtsgrundlagen (DSGVO)

- Führung Ihres Kundenkontos und Abwicklung Ihrer Bestellungen (Art. 6 Abs. 1 lit. b, Vertrag).
- Altersprüfung sowie Aufbewahrung nach Steuer- und Produktrecht (Art. 6 Abs. 1 lit. c, rechtliche Verpflichtung).
- Betrugsvorbeugung und Schutz unseres Shops (Art. 6 Abs. 1 lit. f, berechtigtes Interesse).
- Newsletter, Angebote und deren Personalisierung nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a); Sie können sie jederzeit in Ihrem Kundenkonto unter „Kommunikationseinstellungen“ widerrufen.

## 4. Empfänger

Wir geben Daten nur weiter, soweit es nötig ist: an Versanddienstleister und Partnergeschäfte (Name, Adresse, Telefonnummer), unseren Zahlungsdienstleister, unseren Dienstleister für die Altersprüfung, IT- und Hosting-Dienstleister sowie an Behörden, wenn das Gesetz es verlangt. Dienstleister verarbeiten Daten nur nach unserer Weisung auf Grundlage schriftlicher Verträge. Übermitteln wir Daten in Länder außerhalb der EU, geschieht das nur auf Grundlage eines Angemessenheitsbeschlusses der EU-Kommission oder von Standardvertragsklauseln.

## 5. Speicherdauer

Kontodaten speichern wir, solange Sie ein Kundenkonto haben, und löschen sie bei dessen Schließung. Bestell- und Rechnungsdaten bewahren wir aufgrund handels- und steuerrechtlicher Pflichten acht bis zehn Jahre auf. Einwilligungen und ihre Historie bewahren wir als Nachweis auf, solange wir uns auf sie stützen, und drei Jahre darüber hinaus.

## 6. Ihre Rechte

Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch gegen Verarbeitungen aufgrund berechtigter Interessen. Ihre Daten können Sie in Ihrem Kundenkonto selbst herunterladen und Ihr Konto dort schließen. Sie können sich außerdem bei einer Datenschutz-Aufsichtsbehörde beschweren, zum Beispiel bei der Berliner Beauftragten für Datenschutz und Informationsfreiheit (datenschutz-berlin.de).

## 7. Sicherheit

Verbindungen zu unserem Shop sind verschlüsselt. Passwörter speichern wir als Argon2id-Hashes, Sitzungen enden nach Inaktivität, und nur die Mitarbeitenden, die Kundendaten benötigen, haben Zugriff darauf.

## 8. Änderungen

Wir aktualisieren diese Datenschutzerklärung, wenn sich unsere Verarbeitung ändert. Versionsnummer und Veröffentlichungsdatum der aktuellen Fassung stehen am Ende dieser Seite.
'),
  ('de', 'cookies', 'de', 1, '2026-01-01T00:00:00Z', 'Cookie-Richtlinie', 'Welche Cookies und ähnlichen Technologien der Ember Shop verwendet, wozu, und wie Sie sie steuern.',
   'Cookies sind kleine Textdateien, die eine Website in Ihrem Browser speichert. Wir nutzen außerdem den lokalen Speicher Ihres Browsers, der ähnlich funktioniert. Diese Richtlinie erklärt, welche wir einsetzen und wie Sie sie steuern.

## 1. Unbedingt erforderlich

Diese Cookies sind für den Betrieb des Shops nötig und können nicht abgeschaltet werden. Sie benötigen keine Einwilligung.

- **ember_session**: hält Sie angemeldet; gelöscht bei der Abmeldung oder nach 14 Tagen.
- **ember_age_gate**: speichert, dass Sie bestätigt haben, mindestens 18 Jahre alt zu sein, und Ihr Land; ein Jahr gespeichert.
- **ember.cart.&lt;Markt&gt;** (lokaler Speicher): merkt sich den Warenkorb eines Gastes bis zur Bestellung.
- Sicherheits-Cookies unseres Zahlungsdienstleisters auf dessen Zahlungsseiten.

## 2. Statistik

Mit Ihrer Einwilligung messen wir über Google Tag Manager und Google Analytics 4, wie der Shop genutzt wird (aufgerufene Seiten, in den Warenkorb gelegte Produkte, abgeschlossene Bestellungen). Die Daten sind pseudonym und helfen uns, den Shop zu verbessern. Diese Cookies werden bis zu 14 Monate gespeichert.

## 3. Marketing

Mit Ihrer Einwilligung können unsere Werbepartner Cookies setzen, um Ihnen auf anderen Websites passende Ember-Werbung zu zeigen und deren Erfolg zu messen. Werbung richten wir nie an Personen unter 18 Jahren.

## 4. Ihre Wahl

Sie können Ihre Auswahl jederzeit ändern und Cookies in den Einstellungen Ihres Browsers löschen. Wenn Sie unbedingt erforderliche Cookies blockieren, können Sie sich nicht anmelden und nicht bestellen.

## 5. Kontakt

Fragen zu Cookies richten Sie bitte an privacy@ember-shop.example. Mehr zum Umgang mit Ihren Daten lesen Sie in unserer Datenschutzerklärung.
'),
  ('de', 'withdrawal', 'de', 1, '2026-01-01T00:00:00Z', 'Widerrufsrecht und Rückgabe', 'Ihr 14-tägiges Widerrufsrecht, die Ausnahmen für versiegelte Nikotinprodukte, das Muster-Widerrufsformular und die Rücksendung an Ember.',
   '## Widerrufsbelehrung

Sie haben das Recht, binnen vierzehn Tagen ohne Angabe von Gründen diesen Vertrag zu widerrufen.

Die Widerrufsfrist beträgt vierzehn Tage ab dem Tag, an dem Sie oder ein von Ihnen benannter Dritter, der nicht der Beförderer ist, die Waren in Besitz genommen haben bzw. hat. Bei mehreren getrennt gelieferten Waren beginnt die Frist mit der letzten Ware.

Um Ihr Widerrufsrecht auszuüben, müssen Sie uns (Ember Products GmbH, Lindenstraße 42, 10969 Berlin, Deutschland, E-Mail widerruf@ember-shop.example, Telefon 030 5557 2480) mittels einer eindeutigen Erklärung (z. B. ein mit der Post versandter Brief oder eine E-Mail) über Ihren Entschluss, diesen Vertrag zu widerrufen, informieren. Sie können dafür das beigefügte Muster-Widerrufsformular verwenden, das jedoch nicht vorgeschrieben ist.

Zur Wahrung der Widerrufsfrist reicht es aus, dass Sie die Mitteilung über die Ausübung des Widerrufsrechts vor Ablauf der Widerrufsfrist absenden.

## Folgen des Widerrufs

Wenn Sie diesen Vertrag widerrufen, haben wir Ihnen alle Zahlungen, die wir von Ihnen erhalten haben, einschließlich der Lieferkosten (mit Ausnahme der zusätzlichen Kosten, die sich daraus ergeben, dass Sie eine andere Art der Lieferung als die von uns angebotene, günstigste Standardlieferung gewählt haben), unverzüglich und spätestens binnen vierzehn Tagen ab dem Tag zurückzuzahlen, an dem die Mitteilung über Ihren Widerruf dieses Vertrags bei uns eingegangen ist. Für diese Rückzahlung verwenden wir dasselbe Zahlungsmittel, das Sie bei der ursprünglichen Transaktion eingesetzt haben, es sei denn, mit Ihnen wurde ausdrücklich etwas anderes vereinbart; in keinem Fall werden Ihnen wegen dieser Rückzahlung Entgelte berechnet.

Wir können die Rückzahlung verweigern, bis wir die Waren wieder zurückerhalten haben oder bis Sie den Nachweis erbracht haben, dass Sie die Waren zurückgesandt haben, je nachdem, welches der frühere Zeitpunkt ist.

Sie haben die Waren unverzüglich und in jedem Fall spätestens binnen vierzehn Tagen ab dem Tag, an dem Sie uns über den Widerruf unterrichten, an uns zurückzusenden. Sie tragen die unmittelbaren Kosten der Rücksendung. Sie müssen für einen etwaigen Wertverlust nur aufkommen, wenn dieser auf einen zur Prüfung der Beschaffenheit, Eigenschaften und Funktionsweise nicht notwendigen Umgang zurückzuführen ist.

## Ausschluss des Widerrufsrechts

Das Widerrufsrecht besteht nicht bei:

- **versiegelten Waren, die aus Gründen des Gesundheitsschutzes oder der Hygiene nicht zur Rückgabe geeignet sind, wenn ihre Versiegelung nach der Lieferung entfernt wurde**: dazu gehören Tabaksticks und Nikotinbeutel, sobald eine Packung oder Stange geöffnet wurde, sowie Mundstücke und Reinigungswerkzeuge nach dem Öffnen der Verpackung,
- Waren, die nach Ihren Vorgaben angefertigt oder eindeutig auf Ihre persönlichen Bedürfnisse zugeschnitten sind, etwa gravierte Geräte,
- versiegelten Waren, die nach der Lieferung untrennbar mit anderen Gütern vermischt wurden.

## So senden Sie Produkte zurück

1. Teilen Sie uns den Widerruf per E-Mail oder mit dem Formular unten mit und nennen Sie Ihre Bestellnummer.
2. Verpacken Sie die Produkte sicher und vollständig, möglichst in der Originalverpackung.
3. Senden Sie das Paket an: Ember Retouren, Gewerbehof 3, 12099 Berlin. Bewahren Sie den Einlieferungsbeleg auf.

Für mangelhafte Ware gelten diese Regeln nicht: Wenden Sie sich an den Kundenservice, wir holen sie kostenlos ab.

## Muster-Widerrufsformular

(Wenn Sie den Vertrag widerrufen wollen, dann füllen Sie bitte dieses Formular aus und senden Sie es zurück.)

An Ember Products GmbH, Lindenstraße 42, 10969 Berlin, Deutschland, widerruf@ember-shop.example:

Hiermit widerrufe(n) ich/wir (\*) den von mir/uns (\*) abgeschlossenen Vertrag über den Kauf der folgenden Waren (\*):

- Bestellt am (\*) / erhalten am (\*):
- Bestellnummer:
- Name des/der Verbraucher(s):
- Anschrift des/der Verbraucher(s):
- Unterschrift des/der Verbraucher(s) (nur bei Mitteilung auf Papier):
- Datum:

(\*) Unzutreffendes streichen.
'),
  ('de', 'imprint', 'de', 1, '2026-01-01T00:00:00Z', 'Impressum', 'Anbieterkennzeichnung der Ember Products GmbH: Anschrift, Kontakt, Registereintrag, Umsatzsteuer-Identifikationsnummer.',
   '## Angaben gemäß § 5 DDG

Ember Products GmbH\
Lindenstraße 42\
10969 Berlin\
Deutschland

**Vertreten durch die Geschäftsführerin:** Clara Weiß

## Kontakt

Telefon: 030 5557 2480\
E-Mail: service@ember-shop.example

## Registereintrag

Eintragung im Handelsregister.\
Registergericht: Amtsgericht Charlottenburg (Berlin)\
Registernummer: HRB 234567 B

## Umsatzsteuer

Umsatzsteuer-Identifikationsnummer gemäß § 27a Umsatzsteuergesetz: DE 312 456 789

## Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV

Clara Weiß, Lindenstraße 42, 10969 Berlin

## Jugendschutz

Unsere Produkte sind nur für Erwachsene ab 18 Jahren bestimmt. Unseren Jugendschutzbeauftragten erreichen Sie unter jugendschutz@ember-shop.example.

## Verbraucherstreitbeilegung

Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.
'),
  ('ch', 'terms', 'de', 1, '2026-01-01T00:00:00Z', 'Allgemeine Geschäftsbedingungen', 'Die Bedingungen für Ihren Einkauf bei Ember: Altersgrenze, Bestellung, Preise, Zahlung, Lieferung, Rückgabe und Haftung.',
   'Diese Allgemeinen Geschäftsbedingungen (AGB) gelten für alle Bestellungen im Ember Online-Shop. Bitte lesen Sie sie vor Ihrer Bestellung sorgfältig. Sie akzeptieren sie, indem Sie vor der Registrierung und vor der Bestellung das entsprechende Kästchen ankreuzen.

## 1. Vertragspartner

Ihr Vertragspartner ist die Ember Products GmbH, Zweigniederlassung Zürich, Seefeldstrasse 18, 8008 Zürich, Schweiz. Unseren Kundenservice erreichen Sie unter service@ember-shop.example oder telefonisch unter 044 555 31 70 (Montag bis Freitag, 9 bis 18 Uhr, zum Ortstarif).

## 2. Nur für Erwachsene

Unsere Produkte enthalten Nikotin oder sind für die Verwendung mit Nikotinprodukten bestimmt. Wir verkaufen sie **ausschließlich an Erwachsene ab 18 Jahren**, die bereits rauchen oder Nikotinprodukte verwenden.

- Mit Ihrer Registrierung und Ihrer Bestellung bestätigen Sie, dass Sie mindestens 18 Jahre alt sind.
- Wir können vor Annahme einer Bestellung eine Altersprüfung verlangen, etwa mit einem Ausweisdokument oder über eine Auskunftei.
- Die Zustellung erfolgt nur an die volljährige Person, auf die die Bestellung lautet; der Zusteller kann einen Lichtbildausweis verlangen. Kann ein Paket nicht übergeben werden, geht es an uns zurück, und wir erstatten den Kaufpreis.
- Bestellungen, die erkennbar für Minderjährige bestimmt sind, lehnen wir ab oder stornieren sie.

## 3. Vertragsschluss

1. Die Darstellung der Produkte im Shop ist kein verbindliches Angebot, sondern eine Aufforderung zur Bestellung.
2. Mit dem Klick auf „Zahlungspflichtig bestellen“ bzw. „Bestellung aufgeben“ geben Sie ein verbindliches Angebot zum Kauf der Waren im Warenkorb ab.
3. Wir bestätigen den Eingang Ihrer Bestellung per E-Mail. Diese Eingangsbestätigung ist noch keine Annahme Ihres Angebots.
4. Der Vertrag kommt zustande, wenn wir die Ware versenden und Ihnen dies per E-Mail mitteilen oder wenn Ihre Bestellung im Geschäft zur Abholung bereitliegt.

Die Vertragssprache ist Deutsch. Wir speichern den Vertragstext; Ihre Bestellungen sehen Sie jederzeit in Ihrem Kundenkonto, die Bestelldaten erhalten Sie zusätzlich per E-Mail.

## 4. Preise und Zahlung

Alle Preise sind in Schweizer Franken (CHF) angegeben und enthalten der schweizerischen Mehrwertsteuer. Versandkosten werden im Warenkorb und an der Kasse vor Abgabe der Bestellung angezeigt.

Sie können per Debit- oder Kreditkarte oder per Überweisung über unseren Zahlungsdienstleister bezahlen. Die Karte wird bei Abgabe der Bestellung belastet. Schlägt eine Zahlung fehl, können Sie sie in Ihrem Kundenkonto wiederholen; bleibt eine Bestellung unbezahlt, wird sie nach der an der Kasse genannten Frist storniert.

Gutscheincodes und Treuepunkte können nicht in bar ausgezahlt werden und gelten nur zu den jeweils angegebenen Bedingungen.

## 5. Lieferung

Wir liefern an Adressen in die Schweiz und Liechtenstein. Die Standardlieferung dauert 2 bis 4 Werktage. Sie können Ihre Bestellung auch in einem unserer Partnergeschäfte abholen.

Für Nikotinprodukte gelten gesetzliche und eigene Höchstmengen je Bestellung; sie werden im Warenkorb angezeigt.

## 6. Eigentumsvorbehalt

Die Ware bleibt bis zur vollständigen Bezahlung unser Eigentum.

## 7. Widerrufsrecht und Rückgabe

Das schweizerische Recht kennt für Online-Bestellungen kein gesetzliches Widerrufsrecht. Wir gewähren Ihnen freiwillig ein Rückgaberecht von 14 Tagen; Einzelheiten und Ausnahmen finden Sie auf der Seite „Widerrufsrecht und Rückgabe“.

## 8. Mängel und Garantie

Es gelten die gesetzlichen Gewährleistungsrechte; für Geräte gewähren wir eine Garantie von zwei Jahren ab Lieferung. Bitte wenden Sie sich bei einem Defekt an unseren Kundenservice und öffnen oder reparieren Sie das Gerät nicht selbst.

## 9. Der Ember Club

Die Mitgliedschaft in unserem Treueprogramm ist kostenlos und freiwillig. Punkte werden gutgeschrieben, sobald eine Bestellung zugestellt wurde, und verfallen nach den Regeln des Clubs. Wir können den Club mit angemessener Frist ändern oder beenden; bis dahin gesammelte Punkte können mindestens drei Monate lang eingelöst werden.

## 10. Haftung

Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, für Schäden aus der Verletzung von Leben, Körper oder Gesundheit und nach dem Produkthaftungsgesetz. Bei leichter Fahrlässigkeit haften wir nur für die Verletzung wesentlicher Vertragspflichten und begrenzt auf den vorhersehbaren, vertragstypischen Schaden.

## 11. Änderungen dieser AGB

Wir können diese AGB für künftige Bestellungen ändern. Jede Fassung trägt eine Versionsnummer; die Version, die Sie mit einer Bestellung akzeptiert haben, wird mit der Bestellung gespeichert.

## 12. Anwendbares Recht und Streitbeilegung

Es gilt schweizerisches Recht unter Ausschluss des UN-Kaufrechts. Gerichtsstand ist Zürich; zwingende Gerichtsstände für Konsumentinnen und Konsumenten bleiben vorbehalten.

Bei Streitigkeiten können Sie sich an die Ombudsstelle des Detailhandels wenden. Beschwerden klären wir aber zuerst gern direkt mit Ihnen.
'),
  ('ch', 'privacy', 'de', 1, '2026-01-01T00:00:00Z', 'Datenschutzerklärung', 'Wie die Ember Products GmbH Ihre personenbezogenen Daten erhebt, verwendet und schützt, und welche Rechte Sie haben.',
   'Diese Datenschutzerklärung erläutert, welche personenbezogenen Daten wir bei der Nutzung des Ember Shops verarbeiten, zu welchen Zwecken und welche Rechte Sie haben. Sie gilt für die Website, Ihr Kundenkonto, Bestellungen, den Ember Club und unseren Kundenservice.

## 1. Verantwortlicher

Verantwortlich ist die Ember Products GmbH, Zweigniederlassung Zürich, Seefeldstrasse 18, 8008 Zürich, Schweiz, E-Mail service@ember-shop.example. Unseren Datenschutzbeauftragten erreichen Sie unter privacy@ember-shop.example oder per Post unter der genannten Adresse mit dem Zusatz „Datenschutzbeauftragter“.

## 2. Welche Daten wir verarbeiten

- **Kontodaten:** Name, E-Mail-Adresse, Passwort (nur als sicherer Hash gespeichert), Geburtsdatum, Telefonnummer und Adressen.
- **Bestelldaten:** gekaufte Produkte, Liefer- und Rechnungsadresse, Zahlungsart und -status, Korrespondenz zur Bestellung.
- **Daten der Altersprüfung:** Ergebnis und Verfahren der Prüfung. Kopien von Ausweisdokumenten speichern wir nicht; der Prüfdienstleister löscht sie nach der Prüfung.
- **Zahlungsdaten:** Karten- und Bankdaten geben Sie auf den Seiten unseres Zahlungsdienstleisters ein; wir erhalten nur eine Referenz und den Zahlungsstatus.
- **Kommunikationsdaten:** Ihre Nachrichten an uns und, wenn Sie eingewilligt haben, Ihre Werbeeinstellungen.
- **Nutzungsdaten:** technische Angaben wie IP-Adresse, Browser und aufgerufene Seiten, siehe unsere Cookie-Richtlinie.

## 3. Zwecke und Rechtsgrundlagen (DSG und, soweit anwendbar, DSGVO)

- Führung Ihres Kundenkontos und Abwicklung Ihrer Bestellungen (Art. 6 Abs. 1 lit. b, Vertrag).
- Altersprüfung sowie Aufbewahrung nach Steuer- und Produktrecht (Art. 6 Abs. 1 lit. c, rechtliche Verpflichtung).
- Betrugsvorbeugung und Schutz unseres Shops (Art. 6 Abs. 1 lit. f, berechtigtes Interesse).
- Newsletter, Angebote und deren Personalisierung nur mit Ihrer Einwilligung (Art. 6 Abs. 1 lit. a); Sie können sie jederzeit in Ihrem Kundenkonto unter „Kommunikationseinstellungen“ widerrufen.

## 4. Empfänger

Wir geben Daten nur weiter, soweit es nötig ist: an Versanddienstleister und Partnergeschäfte (Name, Adresse, Telefonnummer), unseren Zahlungsdienstleister, unseren Dienstleister für die Altersprüfung, IT- und Hosting-Dienstleister sowie an Behörden, wenn das Gesetz es verlangt. Dienstleister verarbeiten Daten nur nach unserer Weisung auf Grundlage schriftlicher Verträge. Übermitteln wir Daten in Länder ohne angemessenen Datenschutz, geschieht das nur mit Standardvertragsklauseln, die der EDÖB anerkennt.

## 5. Speicherdauer

Kontodaten speichern wir, solange Sie ein Kundenkonto haben, und löschen sie bei dessen Schließung. Bestell- und Rechnungsdaten bewahren wir aufgrund der Buchführungspflichten zehn Jahre auf. Einwilligungen und ihre Historie bewahren wir als Nachweis auf, solange wir uns auf sie stützen, und drei Jahre darüber hinaus.

## 6. Ihre Rechte

Sie haben das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch gegen Verarbeitungen aufgrund berechtigter Interessen. Ihre Daten können Sie in Ihrem Kundenkonto selbst herunterladen und Ihr Konto dort schließen. Sie können sich außerdem an den Eidgenössischen Datenschutz- und Öffentlichkeitsbeauftragten (EDÖB, edoeb.admin.ch) wenden.

## 7. Sicherheit

Verbindungen zu unserem Shop sind verschlüsselt. Passwörter speichern wir als Argon2id-Hashes, Sitzungen enden nach Inaktivität, und nur die Mitarbeitenden, die Kundendaten benötigen, haben Zugriff darauf.

## 8. Änderungen

Wir aktualisieren diese Datenschutzerklärung, wenn sich unsere Verarbeitung ändert. Versionsnummer und Veröffentlichungsdatum der aktuellen Fassung stehen am Ende dieser Seite.
'),
  ('ch', 'cookies', 'de', 1, '2026-01-01T00:00:00Z', 'Cookie-Richtlinie', 'Welche Cookies und ähnlichen Technologien der Ember Shop verwendet, wozu, und wie Sie sie steuern.',
   'Cookies sind kleine Textdateien, die eine Website in Ihrem Browser speichert. Wir nutzen außerdem den lokalen Speicher Ihres Browsers, der ähnlich funktioniert. Diese Richtlinie erklärt, welche wir einsetzen und wie Sie sie steuern.

## 1. Unbedingt erforderlich

Diese Cookies sind für den Betrieb des Shops nötig und können nicht abgeschaltet werden. Sie benötigen keine Einwilligung.

- **ember_session**: hält Sie angemeldet; gelöscht bei der Abmeldung oder nach 14 Tagen.
- **ember_age_gate**: speichert, dass Sie bestätigt haben, mindestens 18 Jahre alt zu sein, und Ihr Land; ein Jahr gespeichert.
- **ember.cart.&lt;Markt&gt;** (lokaler Speicher): merkt sich den Warenkorb eines Gastes bis zur Bestellung.
- Sicherheits-Cookies unseres Zahlungsdienstleisters auf dessen Zahlungsseiten.

## 2. Statistik

Mit Ihrer Einwilligung messen wir über Google Tag Manager und Google Analytics 4, wie der Shop genutzt wird (aufgerufene Seiten, in den Warenkorb gelegte Produkte, abgeschlossene Bestellungen). Die Daten sind pseudonym und helfen uns, den Shop zu verbessern. Diese Cookies werden bis zu 14 Monate gespeichert.

## 3. Marketing

Mit Ihrer Einwilligung können unsere Werbepartner Cookies setzen, um Ihnen auf anderen Websites passende Ember-Werbung zu zeigen und deren Erfolg zu messen. Werbung richten wir nie an Personen unter 18 Jahren.

## 4. Ihre Wahl

Sie können Ihre Auswahl jederzeit ändern und Cookies in den Einstellungen Ihres Browsers löschen. Wenn Sie unbedingt erforderliche Cookies blockieren, können Sie sich nicht anmelden und nicht bestellen.

## 5. Kontakt

Fragen zu Cookies richten Sie bitte an privacy@ember-shop.example. Mehr zum Umgang mit Ihren Daten lesen Sie in unserer Datenschutzerklärung.
'),
  ('ch', 'withdrawal', 'de', 1, '2026-01-01T00:00:00Z', 'Widerrufsrecht und Rückgabe', 'Unser freiwilliges 14-tägiges Rückgaberecht in der Schweiz, seine Ausnahmen für versiegelte Nikotinprodukte und die Rücksendung an Ember.',
   '## Freiwilliges Rückgaberecht

Das schweizerische Recht sieht für Online-Bestellungen kein gesetzliches Widerrufsrecht vor. Wir gewähren Ihnen trotzdem freiwillig ein **Rückgaberecht von 14 Tagen** ab Erhalt der Ware, ohne Angabe von Gründen.

Um die Rückgabe anzumelden, informieren Sie uns (Ember Products GmbH, Zweigniederlassung Zürich, Seefeldstrasse 18, 8008 Zürich, Schweiz, E-Mail widerruf@ember-shop.example, Telefon 044 555 31 70) innerhalb der Frist per E-Mail oder Brief und nennen Sie Ihre Bestellnummer. Es genügt, wenn Sie die Mitteilung vor Ablauf der Frist absenden.

## Rückerstattung

Nach Eingang der zurückgesandten Ware erstatten wir den Kaufpreis einschliesslich der Kosten der Standardlieferung innerhalb von 14 Tagen auf das ursprünglich verwendete Zahlungsmittel. Die Kosten der Rücksendung tragen Sie. Für eine Wertminderung durch einen Umgang, der über die Prüfung der Ware hinausgeht, können wir einen Abzug vornehmen.

## Ausnahmen

Von der Rückgabe ausgeschlossen sind:

- **versiegelte Waren, die aus Gründen des Gesundheitsschutzes oder der Hygiene nicht zur Rückgabe geeignet sind, wenn ihre Versiegelung nach der Lieferung entfernt wurde**: dazu gehören Tabaksticks und Nikotinbeutel, sobald eine Packung oder Stange geöffnet wurde, sowie Mundstücke und Reinigungswerkzeuge nach dem Öffnen der Verpackung,
- Waren, die nach Ihren Vorgaben angefertigt oder personalisiert wurden, etwa gravierte Geräte.

## So senden Sie Produkte zurück

1. Melden Sie die Rückgabe per E-Mail an und nennen Sie Ihre Bestellnummer.
2. Verpacken Sie die Produkte sicher und vollständig, möglichst in der Originalverpackung.
3. Senden Sie das Paket an: Ember Retouren, Hohlstrasse 190, 8004 Zürich. Bewahren Sie den Einlieferungsbeleg auf.

Für mangelhafte Ware gelten die Gewährleistungs- und Garantierechte: Wenden Sie sich an den Kundenservice, wir holen sie kostenlos ab.
'),
  ('ch', 'imprint', 'de', 1, '2026-01-01T00:00:00Z', 'Impressum', 'Anbieterkennzeichnung der Ember Products GmbH, Zweigniederlassung Zürich: Anschrift, Kontakt, Handelsregister, UID und Mehrwertsteuernummer.',
   '## Anbieterin

Ember Products GmbH, Zweigniederlassung Zürich\
Seefeldstrasse 18\
8008 Zürich\
Schweiz

Hauptsitz: Ember Products GmbH, Lindenstraße 42, 10969 Berlin, Deutschland (Amtsgericht Charlottenburg, HRB 234567 B)

**Zeichnungsberechtigte Leitung der Zweigniederlassung:** Lukas Meier

## Kontakt

Telefon: 044 555 31 70\
E-Mail: service@ember-shop.example

## Handelsregister

Eingetragen im Handelsregister des Kantons Zürich\
Unternehmens-Identifikationsnummer (UID): CHE-412.873.590

## Mehrwertsteuer

MWST-Nummer: CHE-412.873.590 MWST

## Jugendschutz

Unsere Produkte sind nur für Erwachsene ab 18 Jahren bestimmt. Fragen zum Jugendschutz richten Sie an jugendschutz@ember-shop.example.

## Haftung für Links

Für die Inhalte verlinkter Websites Dritter sind ausschliesslich deren Betreiber verantwortlich.
');
