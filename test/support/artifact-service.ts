// The Actions results service's artifact upload as a local server, as strict as the real one for
// what `@actions/artifact` (v2+, "artifacts v4") does on upload:
//
// - the runner's ACTIONS_RUNTIME_TOKEN is a signed JWT whose `scp` claim holds
//   `Actions.Results:<workflow run backend id>:<job run backend id>`; every Twirp call carries it
//   as `Authorization: Bearer …`, and the ids in the request body must be the token's own;
// - `POST /twirp/github.actions.results.api.v1.ArtifactService/CreateArtifact` (JSON with proto
//   field names: workflow_run_backend_id, workflow_job_run_backend_id, name, version, mime_type,
//   expires_at) answers `{ok, signed_upload_url}`; a name already used in the run is Twirp's
//   `already_exists` (409), a name with a character the service refuses is `invalid_argument`;
// - the signed URL is an Azure block blob with a `sig` query parameter: `PUT ?comp=block&blockid=`
//   stages a block, `PUT ?comp=blocklist` (XML) commits them; a wrong or missing signature is 403;
// - `FinalizeArtifact` (size as an int64 string, `hash` `sha256:<hex>`) checks both against the
//   committed blob and answers `{ok, artifact_id}`.
//
// The test reads what was uploaded through `artifacts()`. Nothing here is faked leniently: a call
// the real service refuses is refused with its status and a Twirp or Azure error body.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

const SERVICE = '/twirp/github.actions.results.api.v1.ArtifactService/';
/** Characters the service (and `@actions/artifact`'s own check) refuses in an artifact name. */
const INVALID_NAME = /["':<>|*?\\/\r\n]/;

export interface UploadedArtifact {
  id: number;
  name: string;
  workflowRunBackendId: string;
  jobRunBackendId: string;
  mimeType: string | undefined;
  size: number;
  sha256: string;
  bytes: Buffer;
}

interface Pending {
  name: string;
  run: string;
  job: string;
  mimeType: string | undefined;
  blocks: Map<string, Buffer>;
  committed: Buffer | undefined;
  signature: string;
}

export interface LocalArtifactService {
  /** ACTIONS_RESULTS_URL. */
  url: string;
  /** A runtime token for one job of one workflow run (ACTIONS_RUNTIME_TOKEN). */
  runtimeToken(run?: string, job?: string): string;
  /** Finalized artifacts, in upload order. */
  artifacts(): UploadedArtifact[];
  /** Every request as `METHOD path` with its status, in order. */
  requests(): string[];
  close(): Promise<void>;
}

export async function startArtifactService(): Promise<LocalArtifactService> {
  const secret = randomBytes(32);
  const pending = new Map<string, Pending>();
  const finalized: UploadedArtifact[] = [];
  const log: string[] = [];
  let nextId = 1000;

  const b64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');
  const sign = (data: string) => b64url(createHmac('sha256', secret).update(data).digest());

  function runtimeToken(run = crypto.randomUUID(), job = crypto.randomUUID()): string {
    const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
    const payload = b64url(
      JSON.stringify({
        scp: `Actions.GenericRead:00000000-0000-0000-0000-000000000000 Actions.Results:${run}:${job}`,
        exp: Math.floor(Date.now() / 1000) + 6 * 3600,
      }),
    );
    return `${header}.${payload}.${sign(`${header}.${payload}`)}`;
  }

  /** The backend ids of a valid bearer token, or undefined. */
  function identity(request: IncomingMessage): { run: string; job: string } | undefined {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const parts = match?.[1]!.split('.') ?? [];
    if (parts.length !== 3 || sign(`${parts[0]}.${parts[1]}`) !== parts[2]) return undefined;
    const claims = JSON.parse(Buffer.from(parts[1]!, 'base64url').toString()) as { scp?: string };
    for (const scope of (claims.scp ?? '').split(' ')) {
      const [kind, run, job, ...rest] = scope.split(':');
      if (kind === 'Actions.Results' && run && job && rest.length === 0) return { run, job };
    }
    return undefined;
  }

  const twirpError = (response: ServerResponse, status: number, code: string, msg: string) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ code, msg }));
  };
  const azureError = (response: ServerResponse, status: number, code: string, message: string) => {
    response.writeHead(status, { 'content-type': 'application/xml', 'x-ms-error-code': code });
    response.end(
      `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
    );
  };

  async function body(request: IncomingMessage): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async function twirp(request: IncomingMessage, response: ServerResponse, method: string) {
    if (request.method !== 'POST')
      return twirpError(response, 404, 'bad_route', `no handler for ${request.method}`);
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? ''))
      return twirpError(response, 404, 'bad_route', 'unexpected Content-Type');
    const who = identity(request);
    if (!who) return twirpError(response, 401, 'unauthenticated', 'invalid or missing token');
    let input: Record<string, unknown>;
    try {
      input = JSON.parse((await body(request)).toString()) as Record<string, unknown>;
    } catch {
      return twirpError(response, 400, 'malformed', 'the body is not JSON');
    }
    if (input.workflow_run_backend_id !== who.run || input.workflow_job_run_backend_id !== who.job)
      return twirpError(response, 403, 'permission_denied', 'backend ids do not match the token');
    const name = typeof input.name === 'string' ? input.name : '';
    const key = `${who.run}\u0000${name}`;
    if (method === 'CreateArtifact') {
      if (name === '' || INVALID_NAME.test(name) || name.length > 256)
        return twirpError(response, 400, 'invalid_argument', `invalid artifact name '${name}'`);
      if (input.version !== 4 && input.version !== 7)
        return twirpError(response, 400, 'invalid_argument', 'unsupported version');
      if (
        pending.has(key) ||
        finalized.some((a) => a.workflowRunBackendId === who.run && a.name === name)
      )
        return twirpError(
          response,
          409,
          'already_exists',
          'an artifact with this name already exists on the workflow run',
        );
      const signature = b64url(randomBytes(18));
      const blob = `${encodeURIComponent(who.run)}/${encodeURIComponent(name)}`;
      pending.set(key, {
        name,
        run: who.run,
        job: who.job,
        mimeType: typeof input.mime_type === 'string' ? input.mime_type : undefined,
        blocks: new Map(),
        committed: undefined,
        signature,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({
          ok: true,
          signed_upload_url: `${url}/blobs/${blob}?sv=2023-11-03&sp=cw&sig=${encodeURIComponent(signature)}`,
        }),
      );
    }
    if (method === 'FinalizeArtifact') {
      const upload = pending.get(key);
      if (!upload || upload.committed === undefined)
        return twirpError(response, 404, 'not_found', 'no uploaded artifact with this name');
      const size = typeof input.size === 'string' ? input.size : '';
      if (!/^\d+$/.test(size) || Number(size) !== upload.committed.length)
        return twirpError(
          response,
          400,
          'invalid_argument',
          `size ${size} is not the uploaded ${upload.committed.length} bytes`,
        );
      const sha256 = createHash('sha256').update(upload.committed).digest('hex');
      if (input.hash !== undefined && input.hash !== `sha256:${sha256}`)
        return twirpError(response, 400, 'invalid_argument', 'hash does not match the upload');
      pending.delete(key);
      const id = nextId++;
      finalized.push({
        id,
        name,
        workflowRunBackendId: who.run,
        jobRunBackendId: who.job,
        mimeType: upload.mimeType,
        size: upload.committed.length,
        sha256,
        bytes: upload.committed,
      });
      response.writeHead(200, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ ok: true, artifact_id: String(id) }));
    }
    return twirpError(response, 404, 'bad_route', `no handler for ${method}`);
  }

  async function blob(request: IncomingMessage, response: ServerResponse, address: URL) {
    const [run, name] = address.pathname
      .slice('/blobs/'.length)
      .split('/')
      .map((p) => decodeURIComponent(p));
    const upload = pending.get(`${run}\u0000${name}`);
    if (!upload || address.searchParams.get('sig') !== upload.signature)
      return azureError(response, 403, 'AuthenticationFailed', 'Signature did not match.');
    if (request.method !== 'PUT')
      return azureError(response, 405, 'UnsupportedHttpVerb', 'The verb is not allowed.');
    const data = await body(request);
    const comp = address.searchParams.get('comp');
    const done = (status: number) => {
      response.writeHead(status, {
        'x-ms-request-id': crypto.randomUUID(),
        'x-ms-version': '2023-11-03',
        etag: `"0x${randomBytes(8).toString('hex')}"`,
        'last-modified': new Date().toUTCString(),
        'content-length': '0',
      });
      response.end();
    };
    if (comp === 'block') {
      const id = address.searchParams.get('blockid');
      if (!id) return azureError(response, 400, 'InvalidQueryParameterValue', 'blockid');
      if (data.length > 4000 * 1024 * 1024)
        return azureError(response, 413, 'RequestBodyTooLarge', 'The block is too large.');
      upload.blocks.set(id, data);
      return done(201);
    }
    if (comp === 'blocklist') {
      const ids = [...data.toString().matchAll(/<(?:Latest|Uncommitted|Committed)>([^<]*)</g)].map(
        (m) => m[1]!,
      );
      const parts: Buffer[] = [];
      for (const id of ids) {
        const block = upload.blocks.get(id);
        if (!block) return azureError(response, 400, 'InvalidBlockList', `unknown block ${id}`);
        parts.push(block);
      }
      upload.committed = Buffer.concat(parts);
      return done(201);
    }
    if (comp === null && request.headers['x-ms-blob-type'] === 'BlockBlob') {
      upload.committed = data;
      return done(201);
    }
    return azureError(response, 400, 'InvalidQueryParameterValue', 'comp');
  }

  const server = createServer((request, response) => {
    const address = new URL(request.url ?? '/', url);
    const handled = address.pathname.startsWith(SERVICE)
      ? twirp(request, response, address.pathname.slice(SERVICE.length))
      : address.pathname.startsWith('/blobs/')
        ? blob(request, response, address)
        : Promise.resolve(twirpError(response, 404, 'bad_route', 'not found'));
    handled
      .catch((error: unknown) => {
        if (!response.headersSent) twirpError(response, 500, 'internal', String(error));
      })
      .finally(() => log.push(`${request.method} ${address.pathname} ${response.statusCode}`));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    runtimeToken,
    artifacts: () => [...finalized],
    requests: () => [...log],
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
