import { afterEach, describe, expect, it, vi } from 'vitest';

/** The session module as a fresh page load reads it, with `slot` as the page's session slot. */
async function loadWithSlot(slot: string | null) {
  vi.resetModules();
  if (slot !== null) {
    document.head.insertAdjacentHTML(
      'beforeend',
      `<script id="mandi-session" type="application/json">${slot}</script>`,
    );
  }
  const { loggedUserQuery } = await import('./session');
  return loggedUserQuery.initialData as () => unknown;
}

afterEach(() => document.getElementById('mandi-session')?.remove());

describe('the session a page carries', () => {
  it("starts from the page's user once; later reads ask the server", async () => {
    const initialData = await loadWithSlot(
      '{"_id":"u1","firstName":"Asha","lastName":"Rao","email":"asha@example.com","role":"User"}',
    );
    expect(initialData()).toEqual({
      _id: 'u1',
      firstName: 'Asha',
      lastName: 'Rao',
      email: 'asha@example.com',
      role: 'User',
    });
    expect(initialData()).toBeUndefined();
  });

  it('knows a visitor from a built page without asking', async () => {
    expect((await loadWithSlot('null'))()).toBeNull();
  });

  it('asks the server when the page has no slot (the development server)', async () => {
    expect((await loadWithSlot(null))()).toBeUndefined();
  });
});
