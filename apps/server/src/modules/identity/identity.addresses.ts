import { AddressBookSchema, AddressInputSchema, AddressParamsSchema as AddressParams, SavedAddressSchema, UuidParamsSchema as UuidParams } from '@ember/contracts';
import type { FastifyRequest } from 'fastify';
import type { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import type { Db } from '../../platform/db.js';
import { inTransaction } from '../../platform/transaction.js';
import { requireOwner } from './identity.auth.js';

/** The address-book paths of one account family; `:uuid` and `:id` are the customer and the address. */
export interface AddressPaths {
  list?: string;
  create: string;
  item: string;
  defaultBilling: string;
  defaultShipping: string;
}

/** Registers the address book under one family's paths: same checks, same service calls in both. */
export function registerAddressRoutes(app: ReturnType<typeof restScope>, db: Db, services: Services, paths: AddressPaths, tags: string[]): void {
  const { identity, stores } = services;
  const country = async (request: FastifyRequest) => (await stores.forRequest(request)).default_country;
  const owner = (request: FastifyRequest, uuid: string) => requireOwner(identity, request, uuid);

  if (paths.list) {
    app.get(paths.list, { schema: { tags, params: UuidParams, response: { 200: AddressBookSchema } } }, async (request) => {
      await owner(request, request.params.uuid);
      return identity.addresses(request.params.uuid);
    });
  }
  app.post(paths.create, { schema: { tags, params: UuidParams, body: AddressInputSchema, response: { 201: SavedAddressSchema } } }, async (request, reply) => {
    await owner(request, request.params.uuid);
    const defaultCountry = await country(request);
    return reply.status(201).send(await inTransaction(db, (tx) => identity.addAddress(tx, request.params.uuid, request.body, defaultCountry)));
  });
  app.put(paths.item, { schema: { tags, params: AddressParams, body: AddressInputSchema, response: { 200: SavedAddressSchema } } }, async (request) => {
    await owner(request, request.params.uuid);
    const defaultCountry = await country(request);
    return inTransaction(db, (tx) => identity.updateAddress(tx, request.params.uuid, request.params.id, request.body, defaultCountry));
  });
  app.delete(paths.item, { schema: { tags, params: AddressParams } }, async (request, reply) => {
    await owner(request, request.params.uuid);
    await inTransaction(db, (tx) => identity.deleteAddress(tx, request.params.uuid, request.params.id));
    return reply.status(204).send();
  });
  for (const [path, kind] of [[paths.defaultBilling, 'billing'], [paths.defaultShipping, 'shipping']] as const) {
    app.put(path, { schema: { tags, params: AddressParams, response: { 200: AddressBookSchema } } }, async (request) => {
      await owner(request, request.params.uuid);
      return inTransaction(db, (tx) => identity.setDefaultAddress(tx, request.params.uuid, request.params.id, kind));
    });
  }
}
