import { AddressInputSchema, AddressSchema } from '@ember/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { restScope } from '../../platform/rest.js';
import type { Services } from '../../services.js';
import { requireOwner } from './identity.auth.js';

const UuidParams = z.strictObject({ uuid: z.string().uuid() });
const AddressParams = z.strictObject({ uuid: z.string().uuid(), id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The address-book paths of one account family; `:uuid` and `:id` are the customer and the address. */
export interface AddressPaths {
  list?: string;
  create: string;
  item: string;
  defaultBilling: string;
  defaultShipping: string;
}

/** Registers the address book under one family's paths: same checks, same service calls in both. */
export function registerAddressRoutes(app: ReturnType<typeof restScope>, services: Services, paths: AddressPaths, tags: string[]): void {
  const { identity, stores } = services;
  const country = async (request: FastifyRequest) => (await stores.forRequest(request)).default_country;
  const owner = (request: FastifyRequest, uuid: string) => requireOwner(identity, request, uuid);

  if (paths.list) {
    app.get(paths.list, { schema: { tags, params: UuidParams, response: { 200: z.array(AddressSchema) } } }, async (request) => {
      await owner(request, request.params.uuid);
      return identity.addresses(request.params.uuid);
    });
  }
  app.post(paths.create, { schema: { tags, params: UuidParams, body: AddressInputSchema, response: { 201: AddressSchema } } }, async (request, reply) => {
    await owner(request, request.params.uuid);
    return reply.status(201).send(await identity.addAddress(request.params.uuid, request.body, await country(request)));
  });
  app.put(paths.item, { schema: { tags, params: AddressParams, body: AddressInputSchema, response: { 200: AddressSchema } } }, async (request) => {
    await owner(request, request.params.uuid);
    return identity.updateAddress(request.params.uuid, request.params.id, request.body, await country(request));
  });
  app.delete(paths.item, { schema: { tags, params: AddressParams } }, async (request, reply) => {
    await owner(request, request.params.uuid);
    await identity.deleteAddress(request.params.uuid, request.params.id);
    return reply.status(204).send();
  });
  for (const [path, kind] of [[paths.defaultBilling, 'billing'], [paths.defaultShipping, 'shipping']] as const) {
    app.put(path, { schema: { tags, params: AddressParams, response: { 200: z.array(AddressSchema) } } }, async (request) => {
      await owner(request, request.params.uuid);
      return identity.setDefaultAddress(request.params.uuid, request.params.id, kind);
    });
  }
}
