// The repository's GitHub files for people: CODEOWNERS, the issue forms and their chooser, the
// pull-request template. Issue forms are checked against GitHub's documented form syntax (top-level
// keys, element types and their required attributes, unique ids), CODEOWNERS against its line
// syntax, and every owner and link names the organisation the CLI package names as its repository,
// so adopting the repository means changing one organisation consistently.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const repositoryUrl = (
  JSON.parse(read('packages/cli/package.json')) as { repository: { url: string } }
).repository.url;
const [, host, owner, name] = /^git\+https:\/\/([^/]+)\/([^/]+)\/([^/]+)\.git$/.exec(
  repositoryUrl,
)!;

describe('.github/CODEOWNERS', () => {
  const rules = read('.github/CODEOWNERS')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(/\s+/));

  it('gives every path an owner, the default first', () => {
    expect(rules[0]![0]).toBe('*');
    for (const [pattern, ...owners] of rules) {
      expect(owners.length, pattern).toBeGreaterThan(0);
      for (const who of owners) expect(who).toMatch(/^@[\w.-]+(\/[\w.-]+)?$/);
    }
  });

  it('names paths that exist, and owners of the package repository’s organisation', () => {
    for (const [pattern, ...owners] of rules) {
      if (pattern !== '*') expect(existsSync(join(root, pattern!)), pattern).toBe(true);
      for (const who of owners) expect(who.slice(1).split('/')[0]).toBe(owner);
    }
  });
});

describe('.github/ISSUE_TEMPLATE', () => {
  const folder = join(root, '.github', 'ISSUE_TEMPLATE');
  const forms = readdirSync(folder).filter((f) => f !== 'config.yml');
  const TOP = ['name', 'description', 'title', 'labels', 'assignees', 'projects', 'type', 'body'];
  const ELEMENTS: Record<string, { attributes: string[]; required: string[] }> = {
    markdown: { attributes: ['value'], required: ['value'] },
    textarea: {
      attributes: ['label', 'description', 'placeholder', 'value', 'render'],
      required: ['label'],
    },
    input: { attributes: ['label', 'description', 'placeholder', 'value'], required: ['label'] },
    dropdown: {
      attributes: ['label', 'description', 'multiple', 'options', 'default'],
      required: ['label', 'options'],
    },
    checkboxes: { attributes: ['label', 'description', 'options'], required: ['label', 'options'] },
  };

  it('holds a bug form and a feature form', () => {
    expect(forms.sort()).toEqual(['bug.yml', 'feature.yml']);
  });

  it.each(forms)('%s is a valid issue form', (file) => {
    const form = parse(readFileSync(join(folder, file), 'utf8')) as Record<string, unknown>;
    for (const key of Object.keys(form)) expect(TOP, `${file}: ${key}`).toContain(key);
    expect(typeof form.name).toBe('string');
    expect(typeof form.description).toBe('string');
    const body = form.body as {
      type: string;
      id?: string;
      attributes: Record<string, unknown>;
      validations?: { required?: boolean };
    }[];
    expect(body.length).toBeGreaterThan(1);
    const ids = body.flatMap((element) => (element.id ? [element.id] : []));
    expect(new Set(ids).size, `${file}: ids are unique`).toBe(ids.length);
    for (const element of body) {
      const spec = ELEMENTS[element.type];
      expect(spec, `${file}: element type ${element.type}`).toBeDefined();
      if (element.id) expect(element.id).toMatch(/^[A-Za-z0-9_-]+$/);
      for (const key of Object.keys(element.attributes))
        expect(spec!.attributes, `${file}: ${element.type}.${key}`).toContain(key);
      for (const key of spec!.required)
        expect(element.attributes, `${file}: ${element.type} needs ${key}`).toHaveProperty(key);
      if (element.type === 'markdown') expect(element.validations).toBeUndefined();
      if (element.type === 'dropdown') {
        const options = element.attributes.options as string[];
        expect(new Set(options).size).toBe(options.length);
      }
      if (element.type === 'checkboxes')
        for (const option of element.attributes.options as { label: string }[])
          expect(typeof option.label).toBe('string');
    }
  });

  it('the bug form asks for every action by name', () => {
    const actions = readdirSync(root).filter((d) => existsSync(join(root, d, 'action.yml')));
    const form = parse(read('.github/ISSUE_TEMPLATE/bug.yml')) as {
      body: { id?: string; attributes: { options?: string[] } }[];
    };
    const where = form.body.find((e) => e.id === 'component')!.attributes.options!;
    for (const action of actions) expect(where).toContain(action);
  });

  it('config.yml offers the forms only, and sends vulnerabilities to a private report', () => {
    const config = parse(read('.github/ISSUE_TEMPLATE/config.yml')) as {
      blank_issues_enabled: boolean;
      contact_links: { name: string; url: string; about: string }[];
    };
    expect(config.blank_issues_enabled).toBe(false);
    for (const link of config.contact_links) {
      expect(Object.keys(link).sort()).toEqual(['about', 'name', 'url']);
      expect(link.url.startsWith(`https://${host}/${owner}/${name}/`), link.url).toBe(true);
    }
    expect(config.contact_links.map((l) => l.url)).toContain(
      `https://${host}/${owner}/${name}/security/advisories/new`,
    );
    const docs = config.contact_links
      .map((l) => /\/blob\/main\/(.+)$/.exec(l.url)?.[1])
      .filter((p): p is string => p !== undefined);
    for (const path of docs) expect(existsSync(join(root, path)), path).toBe(true);
  });
});

describe('.github/pull_request_template.md', () => {
  it('asks for the checks CONTRIBUTING.md asks for', () => {
    const template = read('.github/pull_request_template.md');
    for (const item of [
      'npm run typecheck',
      'npm run build',
      'CHANGELOG.md',
      'docs/decisions/',
      'test/golden/',
    ])
      expect(template).toContain(item);
  });
});
