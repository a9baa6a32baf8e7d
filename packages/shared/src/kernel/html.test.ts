import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';

describe('escapeHtml', () => {
  it('turns markup characters into entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;',
    );
  });
  it('leaves other text alone, Hindi included, and escapes an ampersand once', () => {
    expect(escapeHtml('आलू 1.5 किलो')).toBe('आलू 1.5 किलो');
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
