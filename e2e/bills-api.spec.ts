/**
 * Tax-ready bills (decision 0010), server side, against the real server and its demo data: a shopper's mixed basket is
 * packed, the bill is numbered and downloads as a PDF (an Invoice-cum-Bill of Supply with the
 * development demo GSTIN), the admin records the payment, and the month's bills register lists the
 * bill, as JSON and as CSV. The browser screens for the same journey are in their own spec.
 */
import { shopMonthOf } from '@mandi/shared/kernel';
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { E2E_ADMIN, registerShopper } from './support';

async function loggedIn(baseURL: string, email: string, password: string): Promise<APIRequestContext> {
  const context = await playwrightRequest.newContext({ baseURL });
  const response = await context.post('/api/user/login', { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return context;
}

async function productId(context: APIRequestContext, name: string): Promise<string> {
  const response = await context.get(`/api/product/getAllProducts?keyword=${encodeURIComponent(name)}`);
  const { products } = (await response.json()) as { products: { _id: string; name: string }[] };
  const found = products.find((product) => product.name === name);
  expect(found, `${name} in the demo catalogue`).toBeTruthy();
  return (found as { _id: string })._id;
}

test('a packed order has a numbered PDF bill, a recorded payment and a line in the bills register', async ({
  request,
  baseURL,
}) => {
  const base = baseURL as string;
  const shopper = await registerShopper(request, 'Lakshmi');
  const shopperApi = await loggedIn(base, shopper.email, shopper.password);
  const adminApi = await loggedIn(base, E2E_ADMIN.email, E2E_ADMIN.password);

  const placed = await shopperApi.post('/api/user/new/order', {
    data: {
      cartItems: [
        { id: await productId(shopperApi, 'Desi Tomato'), quantity: 1 },
        { id: await productId(shopperApi, 'Desi Cow Ghee'), quantity: 0.5 },
      ],
      shippingInfo: {
        address: '7th Main Road, Jayanagar',
        city: 'Bengaluru',
        mobileNumber: '9876543210',
        pinCode: '560011',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (
    (await placed.json()) as { order: { _id: string; orderItems: { _id: string }[]; invoiceNumber: null } }
  ).order;
  expect(order.invoiceNumber).toBeNull();
  expect((await shopperApi.get(`/api/user/my/order/${order._id}/invoice`)).status()).toBe(409);

  const packed = await adminApi.put(`/api/admin/orders/${order._id}/pack`, {
    data: { items: order.orderItems.map((item, i) => ({ _id: item._id, packedQuantity: i === 0 ? '1.04' : '0.51' })) },
  });
  expect(packed.status(), await packed.text()).toBe(200);
  const { invoiceNumber, total } = ((await packed.json()) as { order: { invoiceNumber: string; total: number } }).order;
  expect(invoiceNumber).toMatch(/^MND\/\d{2}-\d{2}\/\d{6}$/);

  const pdf = await shopperApi.get(`/api/user/my/order/${order._id}/invoice`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['content-disposition']).toBe(`attachment; filename="${invoiceNumber.replaceAll('/', '-')}.pdf"`);
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(bytes.length).toBeGreaterThan(10_000);

  // Another shopper cannot see it.
  const stranger = await registerShopper(request, 'Arjun');
  const strangerApi = await loggedIn(base, stranger.email, stranger.password);
  expect((await strangerApi.get(`/api/user/my/order/${order._id}/invoice`)).status()).toBe(404);

  const paid = await adminApi.put(`/api/admin/orders/${order._id}/payment`, {
    data: { method: 'UPI', reference: '633012345678' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const mine = await shopperApi.get(`/api/user/my/order/${order._id}`);
  expect(((await mine.json()) as { order: { payment: { method: string } } }).order.payment.method).toBe('UPI');

  const month = shopMonthOf(new Date());
  const register = await adminApi.get(`/api/admin/bills?month=${month}`);
  expect(register.status()).toBe(200);
  const { bills } = (await register.json()) as {
    bills: { invoiceNumber: string; kind: string; total: number; payment: { reference: string } | null }[];
  };
  expect(bills.find((bill) => bill.invoiceNumber === invoiceNumber)).toMatchObject({
    kind: 'Invoice-cum-Bill of Supply',
    total,
    payment: { reference: '633012345678' },
  });
  const csv = await (await adminApi.get(`/api/admin/bills?month=${month}&format=csv`)).text();
  expect(csv).toContain(`"${invoiceNumber}",`);

  await Promise.all([shopperApi.dispose(), adminApi.dispose(), strangerApi.dispose()]);
});
