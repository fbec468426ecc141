import { describe, expect, it } from 'vitest';
import { cannedShortcut } from './canned-shortcut';

describe('cannedShortcut', () => {
  it('reads the word after a leading slash', () => {
    expect(cannedShortcut('/refund')).toBe('refund');
    expect(cannedShortcut('/')).toBe('');
    expect(cannedShortcut('/thank-you_2')).toBe('thank-you_2');
  });

  it('leaves ordinary replies alone', () => {
    expect(cannedShortcut('Hello /refund')).toBeNull();
    expect(cannedShortcut('/refund and more')).toBeNull();
    expect(cannedShortcut('')).toBeNull();
    expect(cannedShortcut('path /a/b')).toBeNull();
  });
});
