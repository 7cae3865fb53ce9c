import { ContainerModule } from 'inversify';
import { createInviteTokens, createNationalIdVault } from '@idv/adapters-crypto';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from './tokens.js';

/** What we sign and encrypt ourselves: invitation tokens (`INVITE_SECRET`) and national IDs (`NATIONAL_ID_ENCRYPTION_KEY`). */
export const cryptoModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.InviteTokens).toConstantValue(createInviteTokens({ secret: config.inviteSecret }));
    bind(TOKENS.NationalIdVault).toConstantValue(
      createNationalIdVault({ currentKey: config.nationalIdEncryptionKey, previousKeys: config.nationalIdDecryptionKeys }),
    );
  });
