import { OPERATOR_ROLES, OperatorCreateBodySchema, OperatorListSchema, OperatorSchema, type Operator, type OperatorRoleName } from '@ember/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { api, messageOf } from '../api';
import { DataTable } from '../components/DataTable';
import { ErrorNotice, Field, SuccessNotice, describedBy } from '../components/fields';
import { formatDateTime } from '../format';
import { useSession } from '../session';
import { usePageTitle } from './layout';

type Change = { role?: OperatorRoleName; status?: 'active' | 'disabled'; reset_totp?: true };

function OperatorActions({ operator, self, onDone }: { operator: Operator; self: boolean; onDone: (message: string | null, error: string | null) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [role, setRole] = useState<OperatorRoleName>(operator.role);
  const update = useMutation({
    mutationFn: (change: Change) => api.patch(`/admin/operators/${operator.uuid}`, OperatorSchema, change),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['operators'] });
      onDone(t('operators.saved', { name: operator.name }), null);
    },
    onError: (error) => onDone(null, messageOf(error, t('errors.generic'))),
  });
  const id = `role-${operator.uuid}`;
  return (
    <div className="row-actions">
      <label htmlFor={id} className="visually-hidden">
        {t('operators.roleOf', { name: operator.name })}
      </label>
      <select id={id} value={role} onChange={(e) => setRole(e.target.value as OperatorRoleName)} disabled={self}>
        {OPERATOR_ROLES.map((r) => (
          <option key={r} value={r}>
            {t(`roles.${r}`)}
          </option>
        ))}
      </select>
      <button type="button" disabled={self || role === operator.role || update.isPending} onClick={() => update.mutate({ role })}>
        {t('operators.saveRole')}
      </button>
      <button
        type="button"
        disabled={self || update.isPending}
        onClick={() => update.mutate({ status: operator.status === 'active' ? 'disabled' : 'active' })}
      >
        {operator.status === 'active' ? t('operators.disable') : t('operators.enable')}
      </button>
      <button
        type="button"
        disabled={update.isPending}
        onClick={() => {
          if (window.confirm(t('operators.resetConfirm', { name: operator.name }))) update.mutate({ reset_totp: true });
        }}
      >
        {t('operators.resetTotp')}
      </button>
    </div>
  );
}

function CreateOperator({ onCreated }: { onCreated: (name: string) => void }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({
    resolver: zodResolver(OperatorCreateBodySchema),
    defaultValues: { email: '', name: '', role: 'support' as OperatorRoleName, password: '' },
  });
  const create = useMutation({
    mutationFn: (body: unknown) => api.post('/admin/operators', OperatorSchema, body),
    onSuccess: (operator) => {
      void client.invalidateQueries({ queryKey: ['operators'] });
      form.reset();
      onCreated(operator.name);
    },
  });
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="create-operator">
      <h2 id="create-operator">{t('operators.create')}</h2>
      <ErrorNotice message={create.error ? messageOf(create.error, t('errors.generic')) : null} />
      <form noValidate className="form-grid" onSubmit={form.handleSubmit((values) => create.mutate(values))}>
        <Field id="op-email" label={t('operators.email')} error={errors.email}>
          <input id="op-email" type="email" autoComplete="off" {...describedBy('op-email', errors.email)} {...form.register('email')} />
        </Field>
        <Field id="op-name" label={t('operators.name')} error={errors.name}>
          <input id="op-name" autoComplete="off" {...describedBy('op-name', errors.name)} {...form.register('name')} />
        </Field>
        <Field id="op-role" label={t('operators.role')} error={errors.role}>
          <select id="op-role" {...form.register('role')}>
            {OPERATOR_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field id="op-password" label={t('operators.password')} error={errors.password} hint={t('operators.passwordHint')}>
          <input id="op-password" type="password" autoComplete="new-password" {...describedBy('op-password', errors.password, true)} {...form.register('password')} />
        </Field>
        <div className="form-actions">
          <button type="submit" className="primary" disabled={create.isPending}>
            {t('operators.createSubmit')}
          </button>
        </div>
      </form>
    </section>
  );
}

export function OperatorsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('operators.title'));
  const session = useSession();
  const selfUuid = session.data?.operator?.uuid;
  const [notice, setNotice] = useState<{ message: string | null; error: string | null }>({ message: null, error: null });
  const list = useQuery({ queryKey: ['operators'], queryFn: () => api.get('/admin/operators', OperatorListSchema) });
  const column = createColumnHelper<Operator>();
  const columns = useMemo(
    () => [
      column.accessor('name', { header: () => t('operators.name') }),
      column.accessor('email', { header: () => t('operators.email') }),
      column.accessor('role', { header: () => t('operators.role'), cell: (c) => t(`roles.${c.getValue()}`) }),
      column.accessor('status', { header: () => t('operators.status'), cell: (c) => t(`operators.statuses.${c.getValue()}`) }),
      column.accessor('totp_enrolled', { header: () => t('operators.totp'), cell: (c) => (c.getValue() ? t('common.yes') : t('common.no')) }),
      column.accessor('last_login_at', { header: () => t('operators.lastLogin'), cell: (c) => formatDateTime(c.getValue(), i18n.language) }),
      column.display({
        id: 'actions',
        header: () => t('common.actions'),
        cell: (c) => (
          <OperatorActions
            key={`${c.row.original.uuid}-${c.row.original.role}`}
            operator={c.row.original}
            self={c.row.original.uuid === selfUuid}
            onDone={(message, error) => setNotice({ message, error })}
          />
        ),
      }),
    ],
    [column, t, i18n.language, selfUuid],
  );
  return (
    <section>
      <h1>{t('operators.title')}</h1>
      <SuccessNotice message={notice.message} />
      <ErrorNotice message={notice.error ?? (list.error ? messageOf(list.error, t('errors.generic')) : null)} />
      <DataTable caption={t('operators.caption')} columns={columns} rows={list.data?.items} total={list.data?.items.length} loading={list.isPending} paged={false} />
      <CreateOperator onCreated={(name) => setNotice({ message: t('operators.created', { name }), error: null })} />
    </section>
  );
}
