import { describe, expect, it } from 'vitest';
import { GoMap, GoStruct, type GoValue } from '../../go/values.ts';
import { templateFunctions } from './index.ts';

const call = (name: string, ...args: GoValue[]): GoValue => templateFunctions.get(name)!.call(args);
const iface = (entries: [GoValue, GoValue][]): GoMap =>
  new GoMap(entries as [string, GoValue][], 'map[interface {}]interface {}');

// The ConfigData of golden case template-custom-functions.
const configData = (): GoMap =>
  GoMap.fromRecord({
    DB_NAME: '"orders"',
    // The config loader strips single quotes from top-level values (docs/kalypso-compatibility.md#value-parsing).
    DB_USER: 'svc_orders',
    FLAG: 'true',
    REPLICAS: '2',
    ALLOWED_CIDRS: ['10.0.0.0/16', '10.1.0.0/16'],
    DATABASE: iface([
      ['host', 'orders-db.internal'],
      ['port', 5432n],
      ['readReplicas', 2n],
      ['tls', true],
    ]),
  });

describe('hash', () => {
  it.each<[string, GoValue, string]>([
    ['a string', 'abc', '15626587013303479755'],
    ['the empty string', '', '14695981039346656037'],
    ['int 1', 1n, '16390143479181108970'],
    ['int 42', 42n, '11375694726533372055'],
    ['true', true, '12638153115695167454'],
    ['nil', null, '12161962213042174405'],
    ['a list', ['a', 'b'], '2712570657419664240'],
    ['a float', 1.5, '12161883048204943186'],
    ['a map', GoMap.fromRecord({ a: 'b' }), '4550450939398240104'],
    ['a target name', 'orders-api', '17102906772120088233'],
    ['a list of CIDRs', ['10.0.0.0/16', '10.1.0.0/16'], '18338261217506019035'],
  ])('hashes %s like hashstructure v1', (_, value, expected) => {
    expect(call('hash', value)).toBe(expected);
  });

  it('hashes the golden ConfigData, labels and manifests', () => {
    expect(call('hash', configData())).toBe('15334890524453952846');
    expect(call('hash', configData().get('DATABASE')!)).toBe('10019085242339022752');
    expect(
      call('hash', GoMap.ofStrings({ tier: 'backend', workload: 'orders', workspace: 'commerce' })),
    ).toBe('5785334052021033526');
    expect(
      call(
        'hash',
        GoMap.ofStrings({
          repo: 'https://github.com/tailwind/orders-gitops',
          branch: 'dev',
          path: './api',
        }),
      ),
    ).toBe('1425053200607373124');
  });

  it('hashes a struct as type name XOR ordered(field, value) per field', () => {
    const s = new GoStruct('scheduler.dataType', [['A', 'x']]);
    const bare = new GoStruct('dataType', [['A', 'x']]);
    expect(call('hash', s)).toBe(call('hash', bare));
    const nameOnly = BigInt(call('hash', 'dataType') as string);
    expect(call('hash', new GoStruct('dataType', []))).toBe(nameOnly.toString());
  });
});

describe('stringify', () => {
  it('turns lists into YAML text but leaves map[interface{}]interface{} values nested', () => {
    expect(call('stringify', configData())).toBe(
      [
        'ALLOWED_CIDRS: |',
        '    - 10.0.0.0/16',
        '    - 10.1.0.0/16',
        'DATABASE:',
        '    host: orders-db.internal',
        '    port: 5432',
        '    readReplicas: 2',
        '    tls: true',
        `DB_NAME: '"orders"'`,
        'DB_USER: svc_orders',
        'FLAG: "true"',
        'REPLICAS: "2"',
      ].join('\n'),
    );
  });

  it('stringifies map[string]interface{} values and does not modify its argument', () => {
    const data = GoMap.fromRecord({ M: GoMap.fromRecord({ k: 'v' }) });
    expect(call('stringify', data)).toBe('M: |\n    k: v');
    expect(data.get('M')).toBeInstanceOf(GoMap);
  });

  it('is toYaml for anything but a map[string]interface{}', () => {
    expect(call('stringify', ['10.0.0.0/16', '10.1.0.0/16'])).toBe('- 10.0.0.0/16\n- 10.1.0.0/16');
    expect(call('stringify', GoMap.ofStrings({ a: '1' }))).toBe('a: "1"');
  });
});

describe('toYaml', () => {
  it.each<[GoValue, string]>([
    ['true', '"true"'],
    [null, 'null'],
    [8080n, '8080'],
    [GoMap.ofStrings({ repo: 'r', branch: 'dev' }), 'branch: dev\nrepo: r'],
  ])('marshals %s with go-yaml v3 minus the final newline', (value, expected) => {
    expect(call('toYaml', value)).toBe(expected);
  });
});

describe('unquote', () => {
  it.each<[GoValue, string]>([
    ['"orders"', 'orders'],
    [" 'svc_orders' ", 'svc_orders'],
    ['"a\'', 'a'],
    ['" \'a\' "', " 'a' "],
    [['x'], ''],
    [null, ''],
  ])('unquotes %j', (value, expected) => {
    expect(call('unquote', value)).toBe(expected);
  });
});
