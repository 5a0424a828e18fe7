import { isUserError } from '@kalypso/core';
import { describe, expect, it } from 'vitest';
import { CommandUsageError } from './commands.ts';
import { UsageError } from './fs-source.ts';

describe('usage errors', () => {
  it('are user errors, told apart from bugs like every other', () => {
    const error = new UsageError("unknown option '--bogus'.");
    expect(isUserError(error)).toBe(true);
    expect(isUserError(new CommandUsageError('missing --environment.'))).toBe(true);
    expect(error.name).toBe('UsageError');
    expect(error.message).toBe("unknown option '--bogus'.");
    expect(isUserError(new Error('boom'))).toBe(false);
  });
});
