import { ContactFormSchema, type ContactForm } from '@ember/contracts';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from '../i18n/react';
import { Link } from 'react-router';
import type { Route } from './+types/contact';
import { Breadcrumbs } from '../components/common/breadcrumbs';
import { RouteError } from '../components/common/route-error';
import { FormAlert } from '../components/forms/form-alert';
import { LegalText } from '../components/legal/legal-text';
import { findContentPage } from '../lib/api/blog.api';
import { TextAreaField, TextField } from '../components/forms/fields';
import { submitContactForm, type FormSubmission } from '../lib/api/forms.api';
import { browserScope, requireStore, serverScope, type StoreScope } from '../lib/api/scope';
import { schemaResolver } from '../lib/forms/schema-resolver';
import { applyServerError, type FormAlert as FormAlertMessage } from '../lib/forms/server-errors';
import { pageMeta, storeFromMatches, translatorFor } from '../lib/meta';
import { publicUrl } from '../lib/seo';
import { canonicalMeta } from '../lib/seo-meta';
import { storePath } from '../lib/store-paths';
import { useStoreLayout } from '../lib/store-layout-data';
import type { PageTracking } from '../lib/tracking/data-layer';

export const handle = {
  tracking: { pageName: 'contact-page', section: 'support' } satisfies PageTracking,
};

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = translatorFor(matches);
  const store = storeFromMatches(matches);
  const page = loaderData?.page;
  return [
    ...pageMeta(page?.title ?? t('contact.title'), page?.meta_description || t('contact.metaDescription')),
    ...(store ? [canonicalMeta(publicUrl(store, '/contact'))] : []),
  ];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  return loadContact(serverScope(context, params.store));
}

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadContact(browserScope(params.store));
}

/** The page's title and introduction are content data (`contentPage`), the form's words the catalogue's. */
async function loadContact(scope: StoreScope) {
  await requireStore(scope);
  return { page: await findContentPage(scope.catalog, 'contact') };
}

interface ContactFormValues {
  firstname: string;
  lastname: string;
  email: string;
  order_number: string;
  message: string;
}

const resolver = schemaResolver<ContactFormValues, ContactForm>(ContactFormSchema);
const FIELDS = ['firstname', 'lastname', 'email', 'order_number', 'message'] as const;

/** The contact form: a CONTACT submission to the forms service, acknowledged by e-mail with a reference. */
export default function Contact({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { store } = useStoreLayout();
  const code = store.store_code;
  const [sent, setSent] = useState<FormSubmission | null>(null);
  const [alert, setAlert] = useState<FormAlertMessage | null>(null);
  const { register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<ContactFormValues, unknown, ContactForm>({
    resolver,
    defaultValues: { firstname: '', lastname: '', email: '', order_number: '', message: '' },
  });

  const onSubmit = handleSubmit(async (form) => {
    setAlert(null);
    try {
      setSent(await submitContactForm(code, form));
    } catch (error) {
      setAlert(applyServerError(error, setError, {
        fields: FIELDS,
        fieldMap: { 'data_subject.email': 'email', 'data_subject.first_name': 'firstname', 'data_subject.last_name': 'lastname', 'payload.message': 'message' },
      }));
    }
  });

  return (
    <div className="contact-page">
      <Breadcrumbs crumbs={[{ label: t('breadcrumbs.home'), to: storePath(code) }, { label: t('contact.title') }]} />
      <h1>{loaderData.page?.title ?? t('contact.title')}</h1>
      {sent ? (
        <FormAlert tone="success" alert={{ key: 'contact.sent', values: { reference: sent.reference } }} />
      ) : (
        <>
          {loaderData.page ? <LegalText markdown={loaderData.page.content} /> : <p className="contact-page__lead">{t('contact.lead')}</p>}
          <p><Trans i18nKey="contact.faqHint" components={{ faq: <Link to={storePath(code, '/faq')} /> }} /></p>
          <form className="form" noValidate onSubmit={onSubmit}>
            <FormAlert alert={alert} />
            <div className="form__row">
              <TextField id="contact-firstname" label={t('contact.firstname')} autoComplete="given-name" registration={register('firstname')} error={errors.firstname} />
              <TextField id="contact-lastname" label={t('contact.lastname')} autoComplete="family-name" registration={register('lastname')} error={errors.lastname} />
            </div>
            <TextField id="contact-email" label={t('contact.email')} type="email" autoComplete="email" inputMode="email" spellCheck={false} registration={register('email')} error={errors.email} />
            <TextField id="contact-order" label={t('contact.orderNumber')} optional autoComplete="off" registration={register('order_number')} error={errors.order_number} />
            <TextAreaField id="contact-message" label={t('contact.message')} rows={6} registration={register('message')} error={errors.message} />
            <button type="submit" className="button" disabled={isSubmitting}>
              {isSubmitting ? t('contact.submitting') : t('contact.submit')}
            </button>
          </form>
        </>
      )}
    </div>
  );
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} store={params.store} />;
}
