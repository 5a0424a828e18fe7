// The contract check itself: it must catch a body that GitHub's description does not allow,
// naming the operation, the status and the JSON path, or the contract test could pass hollow.
import { describe, expect, it } from 'vitest';
import { ContractChecker, descriptionPath } from './support/github-server/contract.ts';

const checker = new ContractChecker();
const base = 'https://api.example.test/repos/acme/app';

const label = {
  id: 1,
  node_id: 'LA_1',
  url: `${base}/labels/promoted`,
  name: 'promoted',
  description: null,
  color: 'ededed',
  default: false,
};

describe('the contract check against GitHub’s OpenAPI description', () => {
  it('accepts a body that matches the operation’s schema', () => {
    expect(checker.check('POST', '/repos/{owner}/{repo}/labels', 201, label)).toBeUndefined();
  });

  it('names the operation, status and JSON path of a missing required property', () => {
    const { default: _left, ...withoutDefault } = label;
    expect(
      checker.check('POST', '/repos/{owner}/{repo}/labels', 201, withoutDefault),
    ).toMatchObject({
      operation: 'issues/create-label',
      status: 201,
      path: '$.default',
      message: "required property 'default' is missing",
    });
  });

  it('finds a wrong type deep inside an array answer', () => {
    const wrong = [label, { ...label, id: 'two' }];
    expect(
      checker.check('POST', '/repos/{owner}/{repo}/issues/{issue_number}/labels', 200, wrong),
    ).toMatchObject({ operation: 'issues/add-labels', path: '$[1].id' });
  });

  it('treats nullable as null-or-type, and nothing else', () => {
    expect(
      checker.check('POST', '/repos/{owner}/{repo}/labels', 201, { ...label, description: 7 }),
    ).toMatchObject({ path: '$.description' });
  });

  it('checks formats (a url must be a URI)', () => {
    expect(
      checker.check('POST', '/repos/{owner}/{repo}/labels', 201, { ...label, url: 'not a uri' }),
    ).toMatchObject({ operation: 'issues/create-label', path: '$.url' });
  });

  it('refuses a route GitHub does not have and a success status it does not describe', () => {
    expect(checker.check('GET', '/repos/{owner}/{repo}/nonsense', 200, {})).toMatchObject({
      message: 'GitHub describes no such operation',
    });
    expect(checker.check('POST', '/repos/{owner}/{repo}/labels', 200, label)).toMatchObject({
      message: 'GitHub describes no 200 answer for this operation',
    });
  });

  it('holds undescribed error statuses to GitHub’s basic error body', () => {
    const error = { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' };
    expect(checker.check('POST', '/repos/{owner}/{repo}/labels', 401, error)).toBeUndefined();
    expect(
      checker.check('POST', '/repos/{owner}/{repo}/labels', 401, { ...error, message: 1 }),
    ).toMatchObject({ path: '$.message' });
  });

  it('refuses a body where GitHub answers without one', () => {
    expect(
      checker.check('DELETE', '/repos/{owner}/{repo}/git/refs/{ref+}', 204, undefined),
    ).toBeUndefined();
    expect(checker.check('DELETE', '/repos/{owner}/{repo}/git/refs/{ref+}', 204, {})).toMatchObject(
      { operation: 'git/delete-ref', message: "GitHub's 204 answer has no body, this one has" },
    );
  });

  it('maps the server’s templates to GitHub’s paths', () => {
    expect(descriptionPath('/repos/{owner}/{repo}/contents/{path+}')).toBe(
      '/repos/{owner}/{repo}/contents/{path}',
    );
    expect(descriptionPath('/repos/{owner}/{repo}/contents')).toBe(
      '/repos/{owner}/{repo}/contents/{path}',
    );
  });

  it('keeps every mismatch it found for the report', () => {
    const report = checker.report();
    expect(report.mismatches.length).toBeGreaterThanOrEqual(8);
    expect(report.checked['POST /repos/{owner}/{repo}/labels 201']).toBe(4);
  });
});
