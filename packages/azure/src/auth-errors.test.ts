import { isUserError } from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import { AzureAuthenticationError, explainAuthenticationFailure } from './auth-errors.ts';

describe('Azure sign-in failures', () => {
  it('are user errors that say what to fix, whatever the cause', () => {
    const error = explainAuthenticationFailure(
      new Error('AADSTS700016: Application not found in the directory.\nTrace ID: 1'),
      { mode: 'oidc', tenantId: 't', clientId: 'c', assertion: {} },
    );
    expect(error).toBeInstanceOf(AzureAuthenticationError);
    expect(isUserError(error)).toBe(true);
    expect(error.message).toBe(
      "Entra ID does not know app 'c' in tenant 't': check 'client-id' and 'tenant-id'. (AADSTS700016: Application not found in the directory.)",
    );
    expect(error.problems).toEqual([{ message: error.message }]);
  });
});
