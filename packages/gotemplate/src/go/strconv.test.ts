import { describe, expect, it } from 'vitest';
import { formatGoFloat, goAtoi, goParseFloat } from './strconv.ts';

describe('goAtoi', () => {
  it.each<[string, bigint | undefined]>([
    ['8080', 8080n],
    ['+5', 5n],
    ['-0', 0n],
    ['0777', 777n],
    ['9223372036854775807', 9223372036854775807n],
    ['9223372036854775808', undefined],
    ['-9223372036854775808', -9223372036854775808n],
    ['', undefined],
    ['-', undefined],
    ['1_000', undefined],
    [' 1', undefined],
    ['1e3', undefined],
    ['0x1F', undefined],
  ])('%j → %s', (text, expected) => {
    expect(goAtoi(text)).toBe(expected);
  });
});

describe('goParseFloat', () => {
  it.each<[string, number | undefined]>([
    ['1.5', 1.5],
    ['1e3', 1000],
    ['.5', 0.5],
    ['5.', 5],
    ['-1E-2', -0.01],
    ['Inf', Infinity],
    ['+inf', Infinity],
    ['-Infinity', -Infinity],
    ['infin', undefined],
    ['0x1p-2', 0.25],
    ['0x1.8p1', 3],
    ['0x1_0p0', 16],
    ['0x1F', undefined],
    ['1_000', 1000],
    ['1__0', undefined],
    ['_1', undefined],
    ['1_', undefined],
    ['1_.5', undefined],
    ['1_0.2_5e1_0', 1.025e11],
    ['1e400', undefined],
    ['true', undefined],
    ['', undefined],
    ['.', undefined],
    ['1e', undefined],
  ])('%j → %s', (text, expected) => {
    expect(goParseFloat(text)).toBe(expected);
  });

  it('accepts NaN in any case but not signed', () => {
    expect(goParseFloat('nan')).toBeNaN();
    expect(goParseFloat('NaN')).toBeNaN();
    expect(goParseFloat('+NaN')).toBeUndefined();
  });
});

describe('formatGoFloat', () => {
  it.each<[number, string]>([
    [100, '100'],
    [0.5, '0.5'],
    [123456, '123456'],
    [1000000, '1e+06'],
    [1234567, '1.234567e+06'],
    [0.0001, '0.0001'],
    [0.00001, '1e-05'],
    [1e21, '1e+21'],
    [-2.5e-7, '-2.5e-07'],
    [0, '0'],
    [Infinity, '+Inf'],
    [-Infinity, '-Inf'],
    [NaN, 'NaN'],
  ])('%s → %s', (value, expected) => {
    expect(formatGoFloat(value)).toBe(expected);
  });
});
