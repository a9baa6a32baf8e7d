/**
 * Journey, a real shop (decision 0029): a fresh start with `SEED=none`, on a server of its own, shows
 * none of the spec's demo identity: no external "AI Mock Interview" link (wide bar or phone menu),
 * no "learning project" credit, no sample-site statement or founder link on About, in English and
 * in Hindi; About shows the shop's own text instead, under the same title.
 */
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './support';

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startOwnServer({ seed: 'none' });
});

test.afterAll(async () => {
  await server?.stop();
});

async function openIn(browser: Browser, language: 'en' | 'hi', width = 1280): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 900 } });
  await context.addInitScript((chosen) => localStorage.setItem('mandi.language', chosen), language);
  return context.newPage();
}

const DEMO_TEXTS = {
  en: { interview: /AI Mock Interview/, learning: /learning project/i, sample: /sample (site|website)/i },
  hi: { interview: /AI मॉक इंटरव्यू/, learning: /सीखने के लिए/, sample: /नमूना/ },
} as const;

for (const language of ['en', 'hi'] as const) {
  test(`no demo identity on home and About (${language})`, async ({ browser }) => {
    const demo = DEMO_TEXTS[language];
    const page = await openIn(browser, language);

    await page.goto('/');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('link', { name: language === 'en' ? 'Mandi home' : 'Mandi होम' })).toBeVisible();
    await expect(page.getByRole('link', { name: demo.interview })).toHaveCount(0);
    await expect(page.getByText(demo.learning)).toHaveCount(0);
    await expect(page.getByText(demo.interview)).toHaveCount(0);
    // The icon credit stays.
    await expect(page.getByText(/Noto Emoji \(Apache-2\.0\)/)).toBeVisible();

    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(language === 'en' ? 'About Us' : 'हमारे बारे में');
    await expect(page.getByText(demo.sample)).toHaveCount(0);
    await expect(page.getByText(demo.learning)).toHaveCount(0);
    await expect(page.getByRole('link', { name: /founder|संस्थापक/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: demo.interview })).toHaveCount(0);
    // The shop's own about text, in the page's language.
    const shop = (await (await page.request.get('/api/shop')).json()).shop as { about: string; aboutHi: string };
    const about = language === 'en' ? shop.about : shop.aboutHi || shop.about;
    const firstParagraph = about.split(/\n\s*\n/)[0]?.trim() ?? '';
    expect(firstParagraph.length).toBeGreaterThan(0);
    await expect(page.getByRole('main').getByText(firstParagraph, { exact: true })).toBeVisible();
    await page.context().close();
  });
}

test('no interview link in the phone menu either', async ({ browser }) => {
  const page = await openIn(browser, 'en', 412);
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'About Us' })).toBeVisible();
  await expect(menu.getByRole('link', { name: /AI Mock Interview/ })).toHaveCount(0);
  await page.context().close();
});
