import { describe, expect, it } from 'vitest';
import { mayOpenPrompt } from './visit-prompt.ts';

const idle = { overlayOpen: false, typing: false, saving: false };

describe('one prompt per visit, never over an action in progress', () => {
  it('opens the first prompt of a visit, and the same one again after a reload, but no second one', () => {
    expect(mayOpenPrompt('release-note:3', null, idle)).toBe(true);
    expect(mayOpenPrompt('release-note:3', 'release-note:3', idle)).toBe(true);
    expect(mayOpenPrompt('newsletter', 'release-note:3', idle)).toBe(false);
  });

  it('waits while another dialog is open, a field has focus or a request is saving', () => {
    expect(mayOpenPrompt('newsletter', null, { ...idle, overlayOpen: true })).toBe(false);
    expect(mayOpenPrompt('newsletter', null, { ...idle, typing: true })).toBe(false);
    expect(mayOpenPrompt('newsletter', null, { ...idle, saving: true })).toBe(false);
  });
});
