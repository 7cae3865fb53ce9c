import test from 'ava';
import { Container, type ServiceIdentifier } from 'inversify';
import { PRODUCTION_ENV, configOf } from '../config/test-support/config-of.js';
import { portsOf, type Ports } from './port-tokens.js';
import { webhookDeliveryModule } from './webhook-delivery-module.js';

const PORTS = Symbol('Ports') as ServiceIdentifier<Ports>;

const portsFor = (env: Record<string, string>) => {
  const container = new Container({ defaultScope: 'Singleton' });
  container.load(webhookDeliveryModule(configOf(env)));
  container.bind(PORTS).toDynamicValue((context) => portsOf(context));
  return container.get(PORTS);
};

test('the three webhook ports are bound under their names: a sealed secret opens, the policy and the sender are there', async (t) => {
  // Development allows loopback endpoints by default; this case checks the refusing policy.
  const ports = portsFor({ WEBHOOK_SECRETS_KEY: Buffer.alloc(32, 9).toString('base64'), WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'false' });
  const secret = ports.endpointSecretVault.generate();
  t.is(await ports.endpointSecretVault.open('ep_1', await ports.endpointSecretVault.seal('ep_1', secret)), secret);
  t.is(await ports.endpointUrlPolicy.check('http://127.0.0.1:9/hook'), 'not-https');
  t.like(
    await ports.eventSender.send({
      url: 'https://10.0.0.1/',
      eventId: 'evt_1',
      timestamp: new Date(),
      body: '{}',
      secrets: [secret],
      timeoutMs: 1000,
    }),
    {
      kind: 'refused',
      reason: 'private-address',
    },
  );
});

test('WEBHOOK_ENDPOINT_ALLOW_PRIVATE reaches the policy the container binds', async (t) => {
  const ports = portsFor({ WEBHOOK_ENDPOINT_ALLOW_PRIVATE: 'true' });
  t.is(await ports.endpointUrlPolicy.check('http://127.0.0.1:9/hook'), undefined);
});

test('in production without WEBHOOK_SECRETS_KEY, sealing a new endpoint secret is refused, naming the setting', async (t) => {
  const vault = portsFor(PRODUCTION_ENV).endpointSecretVault;
  const error = await t.throwsAsync(vault.seal('ep_1', vault.generate()));
  t.regex(error?.message ?? '', /^WEBHOOK_SECRETS_KEY is not set/);
});
