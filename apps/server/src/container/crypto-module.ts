import { ContainerModule } from 'inversify';
import { createAgreementDigests, createInviteTokens, createNationalIdVault } from '@idv/adapters-crypto';
import type { AppConfig } from '../config/app-config.js';
import { TOKENS } from './tokens.js';

/**
 * What we sign, encrypt and hash ourselves: invitation tokens (`INVITE_SECRET`), national IDs
 * (`NATIONAL_ID_ENCRYPTION_KEY`), and signing-link tokens with the agreements' evidence digests.
 */
export const cryptoModule = (config: AppConfig): ContainerModule =>
  new ContainerModule(({ bind }) => {
    bind(TOKENS.InviteTokens).toConstantValue(createInviteTokens({ secret: config.inviteSecret }));
    bind(TOKENS.NationalIdVault).toConstantValue(
      createNationalIdVault({ currentKey: config.nationalIdEncryptionKey, previousKeys: config.nationalIdDecryptionKeys }),
    );
    bind(TOKENS.AgreementDigests).toConstantValue(createAgreementDigests());
  });
