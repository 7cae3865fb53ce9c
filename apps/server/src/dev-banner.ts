import type { RunningServer } from './start-server.js';

const JSON_FIELD = (path: string) => `node -pe 'JSON.parse(require("fs").readFileSync(0)).${path}'`;

/** Copy-paste commands for trying the service against the in-process emulators. */
export const devBanner = (server: RunningServer): string => {
  const emulator = server.emulator;
  if (emulator === undefined) return '';
  const admin = `-H "Authorization: Bearer ${emulator.secretKey}" -H "Content-Type: application/json"`;
  const caller = `-H "Authorization: Bearer $TOKEN" -H "Content-Type: application/json"`;
  const payments = server.paymentsEmulator;
  return [
    '',
    `Service:       ${server.url}   (development mode: provider emulator at ${emulator.url}${payments === undefined ? '' : `, payments emulator at ${payments.url}`})`,
    'Try it (bash; needs curl and node):',
    '',
    '# 1. create a user at the provider; its webhook creates the local row',
    `USER_ID=$(curl -s ${admin} -d '{"email_address":["ada@example.com"],"first_name":"Ada"}' ${emulator.url}/v1/users | ${JSON_FIELD('id')})`,
    '# 2. open a session and get a 60-second session token',
    `SESSION_ID=$(curl -s ${admin} -d "{\\"user_id\\":\\"$USER_ID\\"}" ${emulator.url}/v1/sessions | ${JSON_FIELD('id')})`,
    `TOKEN=$(curl -s ${admin} -X POST ${emulator.url}/v1/sessions/$SESSION_ID/tokens | ${JSON_FIELD('jwt')})`,
    '# 3. call the API as that user',
    `curl -s -w '\\n' -H "Authorization: Bearer $TOKEN" ${server.url}/users/me`,
    ...(payments === undefined
      ? []
      : [
          '# 4. take a payment: create an organization, start a PayTR payment (the payments emulator plays PayTR and iyzico)',
          `ORG_ID=$(curl -s ${caller} -d '{"name":"Ada Gym"}' ${server.url}/organizations | ${JSON_FIELD('organization.id')})`,
          `IFRAME_URL=$(curl -s ${caller} -d '{"provider":"paytr","amountMinor":15000,"currency":"TRY","description":"Monthly membership"}' ${server.url}/organizations/$ORG_ID/payments | ${JSON_FIELD('iframeUrl')})`,
          'echo "PayTR iFrame: $IFRAME_URL (open it in a browser and press Pay, or:)"',
          '# 5. pay in the iFrame; PayTR notifies the service, which answers OK',
          `curl -s -w '\\n' -d outcome=success ${payments.url}/_emulator/paytr/payments/\${IFRAME_URL##*/}`,
          '# 6. the payment, as the organization sees it',
          `curl -s -w '\\n' -H "Authorization: Bearer $TOKEN" ${server.url}/organizations/$ORG_ID/payments`,
        ]),
    '# receive signed events (Standard Webhooks): register an endpoint; loopback URLs are allowed in development.',
    '# Keep the whsec_ secret it answers with (shown once) to verify deliveries; npm run demo runs such a receiver.',
    `ORG_ID=\${ORG_ID:-$(curl -s ${caller} -d '{"name":"Ada Events"}' ${server.url}/organizations | ${JSON_FIELD('organization.id')})}`,
    `curl -s -w '\\n' ${caller} -d "{\\"url\\":\\"\${HOOK_URL:-http://127.0.0.1:9000/hooks}\\",\\"eventTypes\\":[]}" ${server.url}/organizations/$ORG_ID/webhook-endpoints`,
    '',
    'Or run the whole story: npm run demo',
    '',
  ].join('\n');
};
