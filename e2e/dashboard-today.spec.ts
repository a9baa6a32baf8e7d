/**
 * Today on the admin dashboard (decision 0026): an order placed for a slot of today shows in that
 * slot's card (one more to pack, its quantities each in its own unit, its cash), the card's figures
 * lead to the slot's orders, every figure says what it counts, and the dashboard passes axe at a
 * phone's width. The journey adds a late slot of its own (23:58, open until then, shop time) so the
 * order is for today whenever it runs, and deletes it.
 */
import { shopDateOf } from '@mandi/shared/kernel';
import { expect, test } from '@playwright/test';
import { adminApi, adminPage, axe, registerShopper } from './support';

/** Today's shop date (YYYY-MM-DD). */
const shopToday = () => shopDateOf(new Date());

interface TodayAnswer {
  slots: {
    slotId: string;
    ordersToPack: number;
    kgToPack: number;
    toPackByUnit: { unit: string; quantity: number }[];
    cashToCollect: number;
  }[];
}

test('an order placed for today shows in its slot on the dashboard, and its figures lead to the slot’s orders', async ({
  browser,
  request,
  baseURL,
}) => {
  const api = await adminApi(baseURL);
  const made = await api.post('/api/admin/delivery/slots', {
    data: { days: [0, 1, 2, 3, 4, 5, 6], start: '23:58', end: '23:59', capacity: null, cutoffMinutes: 0 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const templateId = ((await made.json()) as { slot: { _id: string } }).slot._id;
  try {
    const today = shopToday();
    const slotId = `${templateId}_${today}`;
    const before = (await (await api.get('/api/admin/dashboard/today')).json()) as TodayAnswer;
    expect(before.slots.find((slot) => slot.slotId === slotId)).toMatchObject({ ordersToPack: 0, cashToCollect: 0 });

    // A new shopper orders 1.5 Kg of bananas, 2 litres of milk, a dozen eggs and 2 bunches of
    // coriander for the late slot of today: four units, none of them added to another.
    const shopper = await registerShopper(request, 'Ishita');
    expect((await request.post('/api/user/login', { data: shopper })).status()).toBe(200);
    const productId = async (keyword: string, name: string) => {
      const { products } = (await (await request.get(`/api/product/getAllProducts?keyword=${keyword}`)).json()) as {
        products: { _id: string; name: string }[];
      };
      const found = products.find((product) => product.name === name);
      expect(found, name).toBeTruthy();
      return found?._id;
    };
    const placed = await request.post('/api/user/new/order', {
      data: {
        cartItems: [
          { id: await productId('banana', 'Robusta Banana'), quantity: 1.5 },
          { id: await productId('milk', 'Cow Milk (A2)'), quantity: 2 },
          { id: await productId('eggs', 'Farm Fresh Eggs'), quantity: 1 },
          { id: await productId('coriander', 'Fresh Coriander'), quantity: 2 },
        ],
        shippingInfo: { address: '7 Station Road', city: 'Pune', mobileNumber: '9876512345', pinCode: '411001' },
        slotId,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const order = (
      (await placed.json()) as {
        order: { _id: string; total: number; orderItems: { _id: string; quantity: number }[] };
      }
    ).order;

    const ordered = (await (await api.get('/api/admin/dashboard/today')).json()) as TodayAnswer;
    expect(ordered.slots.find((slot) => slot.slotId === slotId)).toMatchObject({
      ordersToPack: 1,
      kgToPack: 1.5,
      toPackByUnit: [
        { unit: 'kg', quantity: 1.5 },
        { unit: 'litre', quantity: 2 },
        { unit: 'dozen', quantity: 1 },
        { unit: 'bunch', quantity: 2 },
      ],
    });

    const page = await adminPage(browser);
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto('/admin/home');
    const panel = page.getByRole('region', { name: /^Today, / });
    await expect(panel).toBeVisible();
    const card = panel.getByRole('region', { name: '23:58 to 23:59' });
    await expect(card.getByRole('link', { name: /^Orders to pack\s*1$/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /^Quantities to pack/ })).toHaveText(
      /^Quantities to pack\s*1\.5 Kg\s*·\s*2 litres\s*·\s*1 dozen\s*·\s*2 bunches$/,
    );
    const cash = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 }).format(order.total);
    await expect(card.getByRole('link', { name: /^Cash to collect/ })).toContainText(`₹${cash}`);
    // Nothing on the dashboard is wider than a 360 px phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const findings = (await axe(page).include('main').analyze()).violations.filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical',
    );
    expect(findings.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    // Every figure says what it counts and over which time.
    await expect(
      panel.getByText(/^Orders for today's delivery slots and those placed today without one/),
    ).toBeVisible();
    await expect(page.getByText('Delivered orders, all time (₹)')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top products by ₹ sold' })).toBeVisible();
    await expect(
      page.getByText('Below 5 Kg, 5 litres, 10 pieces, 5 dozen, 10 bunches, 10 packs, each product in its own unit.'),
    ).toBeVisible();
    await panel.screenshot({ path: test.info().outputPath('dashboard-today-360.png') });
    await page.screenshot({ path: test.info().outputPath('dashboard-360.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByRole('heading', { name: 'Low stock now' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('dashboard-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 360, height: 800 });

    await card.getByRole('link', { name: /^Orders to pack/ }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/view/orders\\?deliveryDate=${today}&slotId=`));
    await expect(page.getByRole('table')).toContainText('Ishita');

    // Packed: out of "to pack", into "packed"; its quantities to pack go with it.
    const packed = await api.put(`/api/admin/orders/${order._id}/pack`, {
      data: { items: order.orderItems.map((item) => ({ _id: item._id, packedQuantity: item.quantity })) },
    });
    expect(packed.status(), await packed.text()).toBe(200);
    await page.goto('/admin/home');
    await expect(card.getByRole('link', { name: /^Orders packed\s*1$/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /^Orders to pack\s*0$/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /^Quantities to pack/ })).toHaveText(/^Quantities to pack\s*Nothing$/);
    await page.context().close();
  } finally {
    await api.delete(`/api/admin/delivery/slots/${templateId}`);
    await api.dispose();
  }
});
