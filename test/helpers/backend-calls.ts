/**
 * What reached the embedded backend: a spy on its `invoke` for each test of the file that asks for one,
 * restored after each test. The backend still runs unless a test mocks the spy's answer
 * (`calls.invoke.mockResolvedValue({})`, where the values name nothing that exists).
 */
import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { EmbeddedBackend } from '../../src/backends/embedded/embedded.js';

export interface BackendCalls {
  /** The running test's spy on `EmbeddedBackend.prototype.invoke`. */
  readonly invoke: MockInstance<EmbeddedBackend['invoke']>;
  /** The parameters of the last call that reached the backend. */
  sent(): Record<string, unknown> | undefined;
}

export function backendCalls(): BackendCalls {
  let spy: MockInstance<EmbeddedBackend['invoke']> | undefined;
  beforeEach(() => {
    spy = vi.spyOn(EmbeddedBackend.prototype, 'invoke');
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return {
    get invoke() {
      return spy!;
    },
    sent: () => spy!.mock.calls.at(-1)?.[1],
  };
}
