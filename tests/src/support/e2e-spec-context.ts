import { loadE2eState, type E2eState } from '../e2e/environment/e2e-state.js';
import { emulatorClient, type EmulatorClient } from './e2e-emulator-client.js';

/** What a spec on the shared environment works with. */
export interface SharedE2eContext {
  readonly state: E2eState;
  readonly provider: EmulatorClient;
}

/** Loads the state saved by the run's setup; throws "run through npm test, …" when there is none. */
export const sharedE2eContext = (): SharedE2eContext => {
  const state = loadE2eState();
  return { state, provider: emulatorClient({ url: state.providerUrl, secretKey: state.secretKey }) };
};
