import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { encodeToken, sendJson } from './http.ts';
import type { AzureState } from './state.ts';

export const GITHUB_ISSUER = 'https://token.actions.githubusercontent.com';

/**
 * The runner's ID token endpoint (`ACTIONS_ID_TOKEN_REQUEST_URL`): `GET …&audience=<aud>` with
 * `Authorization: Bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN` answers `{"value": "<JWT>"}`.
 */
export function handleActionsOidc(
  state: AzureState,
  request: IncomingMessage,
  url: URL,
  response: ServerResponse,
): void {
  const runtimeToken = (request.headers.authorization ?? '').replace(/^Bearer /, '');
  const registration = state.oidc.get(runtimeToken);
  if (!registration) return sendJson(response, 401, { message: 'Bad credentials' });
  if (registration.failWith)
    return sendJson(response, registration.failWith, { message: 'Unable to issue an ID token.' });
  const now = Math.floor(Date.now() / 1000);
  const [owner] = registration.repository.split('/');
  sendJson(response, 200, {
    count: 1,
    value: encodeToken(
      { typ: 'JWT', alg: 'RS256', x5t: 'fake', kid: 'fake' },
      {
        jti: randomUUID(),
        sub: registration.subject,
        aud: url.searchParams.get('audience') ?? `https://github.com/${owner}`,
        ref: 'refs/heads/main',
        repository: registration.repository,
        repository_owner: owner,
        run_id: '1',
        iss: GITHUB_ISSUER,
        nbf: now - 5,
        iat: now,
        exp: now + 300,
      },
    ),
  });
}
