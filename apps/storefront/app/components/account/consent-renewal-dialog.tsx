import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { listConsentPurposes, listConsents, updateConsents } from '../../lib/api/account-actions.api';
import { consentsQueryKey, SESSION_QUERY_KEY } from '../../lib/account/session';
import { useMutation } from '../../lib/api/mutation';
import { useQuery, useQueryClient } from '../../lib/api/query';
import type { StoreView } from '../../lib/api/store.api';

/** The renewal's modal: the changed purposes, mandatory ones to accept, optional ones to keep or withdraw. */
export function ConsentRenewalDialog({ store, uuid }: { store: StoreView; uuid: string }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const consents = useQuery({ queryKey: consentsQueryKey(uuid), queryFn: () => listConsents(code, uuid) });
  const purposes = useQuery({ queryKey: ['consent-purposes', code, store.language, 'all'], queryFn: () => listConsentPurposes(code, store.language, '') });
  const due = (consents.data ?? []).filter((c) => c.renewal_required);
  const [withdrawn, setWithdrawn] = useState<Set<string>>(new Set());

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const save = useMutation({
    mutationFn: () => updateConsents(code, uuid, due.map((c) => ({ purpose_id: c.purpose_id, granted: !withdrawn.has(c.purpose_id) }))),
    onSuccess: (saved) => {
      queryClient.setQueryData(consentsQueryKey(uuid), saved);
      void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      dialog.current?.close();
    },
  });

  return (
    <dialog ref={dialog} className="age-gate" aria-labelledby="consent-renewal-heading" onCancel={(e) => e.preventDefault()}>
      <h2 id="consent-renewal-heading">{t('consentRenewal.heading')}</h2>
      <p>{t('consentRenewal.text')}</p>
      {consents.isPending || purposes.isPending ? (
        <p role="status">{t('account.loading')}</p>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); save.mutate(); }}>
          {due.map((c) => {
            const purpose = purposes.data?.find((p) => p.id === c.purpose_id);
            return (
              <div className="field field--checkbox" key={c.purpose_id}>
                <input
                  id={`renew-${c.purpose_id}`}
                  type="checkbox"
                  checked={!withdrawn.has(c.purpose_id)}
                  disabled={purpose?.mandatory ?? false}
                  aria-describedby={`renew-${c.purpose_id}-text`}
                  onChange={(e) => setWithdrawn((prev) => {
                    const next = new Set(prev);
                    if (e.target.checked) next.delete(c.purpose_id); else next.add(c.purpose_id);
                    return next;
                  })}
                />
                <label htmlFor={`renew-${c.purpose_id}`}>{purpose?.name ?? c.purpose_id}</label>
                <p id={`renew-${c.purpose_id}-text`} className="field__hint">{purpose?.description}</p>
              </div>
            );
          })}
          {save.isError && <p role="alert" className="form-alert form-alert--error">{t('consentRenewal.error')}</p>}
          <button type="submit" className="button" disabled={save.isPending}>{t('consentRenewal.save')}</button>
        </form>
      )}
    </dialog>
  );
}
