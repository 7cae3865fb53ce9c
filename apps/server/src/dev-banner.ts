import type { RunningServer } from './start-server.js';

/** Copy-paste commands for trying the service against the in-process emulator. */
export const devBanner = (server: RunningServer): string => {
  const emulator = server.emulator;
  if (emulator === undefined) return '';
  const admin = `-H "Authorization: Bearer ${emulator.secretKey}" -H "Content-Type: application/json"`;
  return [
    '',
    `Service:       ${server.url}   (development mode: provider emulator at ${emulator.url})`,
    'Try it (bash; needs curl and node):',
    '',
    '# 1. create a user at the provider; its webhook creates the local row',
    `USER_ID=$(curl -s ${admin} -d '{"email_address":["ada@example.com"],"first_name":"Ada"}' ${emulator.url}/v1/users | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')`,
    '# 2. open a session and get a 60-second session token',
    `SESSION_ID=$(curl -s ${admin} -d "{\\"user_id\\":\\"$USER_ID\\"}" ${emulator.url}/v1/sessions | node -pe 'JSON.parse(require("fs").readFileSync(0)).id')`,
    `TOKEN=$(curl -s ${admin} -X POST ${emulator.url}/v1/sessions/$SESSION_ID/tokens | node -pe 'JSON.parse(require("fs").readFileSync(0)).jwt')`,
    '# 3. call the API as that user',
    `curl -s -H "Authorization: Bearer $TOKEN" ${server.url}/users/me`,
    '',
    'Or run the whole story: npm run demo',
    '',
  ].join('\n');
};
