import type { Address, SavedAddress } from '@ember/contracts';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { refreshAddresses, storeAddresses, useAddresses, useCountries } from '../../lib/account/account-queries';
import type { SessionUser } from '../../lib/account/session';
import { deleteAddress, setDefaultAddress } from '../../lib/api/account-actions.api';
import type { StoreView } from '../../lib/api/store.api';
import type { FormAlert as FormAlertMessage } from '../../lib/forms/server-errors';
import { FormAlert } from '../forms/form-alert';
import { AddressForm } from './address-form';
import { AccountView } from './account-view';

type Editing = { kind: 'new' } | { kind: 'edit'; id: number } | null;

/** One line per part of an address, as it would go on an envelope. */
function addressLines(address: Address, countryName: (code: string) => string): string[] {
  return [
    `${address.firstname} ${address.lastname}`,
    ...address.street,
    [address.postcode, address.city].filter(Boolean).join(' '),
    countryName(address.country_code),
  ];
}

/** `#/address`: the address book: add, edit, delete, and choose the default billing and shipping address. */
export function AddressBook({ store, user }: { store: StoreView; user: SessionUser }) {
  const { t } = useTranslation();
  const code = store.store_code;
  const addresses = useAddresses(code, user.uuid);
  const countries = useCountries(code, store.locale);
  const [editing, setEditing] = useState<Editing>(null);
  const [status, setStatus] = useState<FormAlertMessage | null>(null);
  const [problem, setProblem] = useState<FormAlertMessage | null>(null);
  const [confirmDelete, setConfirmDelete] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  const countryName = (id: string) => countries.data?.find((c) => c.id === id)?.name ?? id;
  const list = addresses.data ?? [];

  async function run(action: () => Promise<void>, done: string) {
    setBusy(true);
    setProblem(null);
    setStatus(null);
    try {
      await action();
      setStatus({ key: done });
    } catch {
      setProblem({ key: 'account.errors.generic' });
      await refreshAddresses(user.uuid);
    } finally {
      setBusy(false);
    }
  }

  const makeDefault = (address: SavedAddress, kind: 'billing' | 'shipping') =>
    run(async () => storeAddresses(user.uuid, await setDefaultAddress(code, user.uuid, address.id, kind)), `account.addresses.${kind}Set`);

  const remove = (address: SavedAddress) =>
    run(async () => {
      await deleteAddress(code, user.uuid, address.id);
      setConfirmDelete(null);
      await refreshAddresses(user.uuid);
    }, 'account.addresses.deleted');

  const saved = async () => {
    setEditing(null);
    setStatus({ key: 'account.addresses.saved' });
    await refreshAddresses(user.uuid);
  };

  const form = (address?: SavedAddress) => (
    <AddressForm
      key={address?.id ?? 'new'}
      store={code}
      uuid={user.uuid}
      address={address}
      defaults={{ firstname: user.firstname, lastname: user.lastname, country_code: store.default_country ?? countries.data?.[0]?.id ?? '' }}
      countries={countries.data ?? []}
      onSaved={() => void saved()}
      onCancel={() => setEditing(null)}
    />
  );

  return (
    <AccountView title={t('account.nav.addresses')}>
      <FormAlert alert={problem} />
      {status && <FormAlert tone="success" alert={status} />}
      {addresses.isPending && <p>{t('account.loading')}</p>}
      {addresses.isError && <FormAlert alert={{ key: 'account.errors.generic' }} />}
      {addresses.isSuccess && list.length === 0 && editing?.kind !== 'new' && <p className="empty-state">{t('account.addresses.empty')}</p>}

      {editing?.kind === 'new' ? (
        form()
      ) : (
        <p>
          <button type="button" className="button" onClick={() => { setEditing({ kind: 'new' }); setStatus(null); }} disabled={!countries.data}>
            {t('account.addresses.add')}
          </button>
        </p>
      )}
      {/* Without the store's countries no address can be added: say so, and offer to ask again. */}
      {countries.isError && (
        <div role="alert" className="form-alert form-alert--error">
          <p>{t('cart.errors.unavailable')}</p>
          <button type="button" className="button button--secondary" onClick={() => void countries.refetch()}>{t('cart.retry')}</button>
        </div>
      )}

      {list.length > 0 && (
        <ul className="address-list">
          {list.map((address) => {
            const lines = addressLines(address, countryName);
            const summary = lines.slice(0, 2).join(', ');
            if (editing?.kind === 'edit' && editing.id === address.id) return <li key={address.id} className="address-card">{form(address)}</li>;
            return (
              <li key={address.id} className="address-card">
                <address>
                  {lines.map((line, i) => <span key={i} className="address-card__line">{line}</span>)}
                  {address.telephone && <span className="address-card__line">{address.telephone}</span>}
                </address>
                {(address.is_default_billing || address.is_default_shipping) && (
                  <ul className="address-card__badges">
                    {address.is_default_billing && <li className="badge">{t('account.addresses.defaultBilling')}</li>}
                    {address.is_default_shipping && <li className="badge">{t('account.addresses.defaultShipping')}</li>}
                  </ul>
                )}
                <div className="address-card__actions">
                  <button type="button" className="link-button" onClick={() => { setEditing({ kind: 'edit', id: address.id }); setStatus(null); }}>
                    {t('account.addresses.edit')}<span className="visually-hidden">: {summary}</span>
                  </button>
                  {!address.is_default_billing && (
                    <button type="button" className="link-button" disabled={busy} onClick={() => void makeDefault(address, 'billing')}>
                      {t('account.addresses.makeDefaultBilling')}<span className="visually-hidden">: {summary}</span>
                    </button>
                  )}
                  {!address.is_default_shipping && (
                    <button type="button" className="link-button" disabled={busy} onClick={() => void makeDefault(address, 'shipping')}>
                      {t('account.addresses.makeDefaultShipping')}<span className="visually-hidden">: {summary}</span>
                    </button>
                  )}
                  {confirmDelete === address.id ? (
                    <span className="address-card__confirm" role="group" aria-label={t('account.addresses.confirmDeleteLabel', { summary })}>
                      <span>{t('account.addresses.confirmDelete')}</span>
                      <button type="button" className="link-button link-button--danger" disabled={busy} onClick={() => void remove(address)}>
                        {t('account.addresses.confirmDeleteYes')}
                      </button>
                      <button type="button" className="link-button" onClick={() => setConfirmDelete(null)}>{t('account.addresses.cancel')}</button>
                    </span>
                  ) : (
                    <button type="button" className="link-button link-button--danger" onClick={() => setConfirmDelete(address.id)}>
                      {t('account.addresses.delete')}<span className="visually-hidden">: {summary}</span>
                    </button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AccountView>
  );
}
