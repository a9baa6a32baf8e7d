/**
 * The scale data set (`npm run db:seed -- --scale`): tops a seeded database up to 30 categories,
 * 10,000 products, 20,000 users, 100,000 orders (with their lines), 5,000 reviews, 500 khata
 * accounts with their entries and a busy delivery day, for load tests. Everything is made inside
 * PostgreSQL with generate_series, so it takes seconds, not minutes: users share one password hash
 * and products reuse the demo pictures.
 *
 * Known rows for benchmarks: shopper1@scale.mandi.local has exactly 50 orders; every scale shopper
 * logs in with the demo shopper password; shoppers 2 to 501 have a khata; tomorrow (shop date, at
 * seeding) has 400 Processing and Shipped orders booked in the demo slots, the run sheet's busy day.
 */
import { SHOP_TIME_ZONE } from '@mandi/shared/kernel';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { hashPassword } from '../lib/passwords.js';
import { DEMO_SHOPPER_PASSWORD } from './seed.js';

export const SCALE = {
  categories: 30,
  products: 10_000,
  users: 20_000,
  orders: 100_000,
  reviews: 5_000,
  /** Orders of the first scale shopper, the "my orders" benchmark's user. */
  firstShopperOrders: 50,
  /** Khata accounts (shoppers 2 on), each with its packed orders' bills and payments. */
  khataAccounts: 500,
  /** Orders booked for delivery on the busy day (tomorrow), the run sheet benchmark's date. */
  busyDayOrders: 400,
} as const;

export const SCALE_EMAIL_DOMAIN = 'scale.mandi.local';
export const scaleShopperEmail = (n: number) => `shopper${n}@${SCALE_EMAIL_DOMAIN}`;

export interface ScaleCounts {
  categories: number;
  products: number;
  users: number;
  orders: number;
  orderItems: number;
  reviews: number;
  khataAccounts: number;
  khataEntries: number;
  /** Orders booked on the busiest delivery date. */
  busyDayOrders: number;
}

const ADJECTIVES = ['Fresh', 'Organic', 'Farm', 'Ripe', 'Premium', 'Hill', 'Village', 'Green', 'Golden', 'Country'];
const NOUNS = [
  'Apple',
  'Banana',
  'Mango',
  'Carrot',
  'Broccoli',
  'Tomato',
  'Potato',
  'Onion',
  'Garlic',
  'Cucumber',
  'Strawberry',
  'Lemon',
  'Grapes',
  'Eggplant',
  'Spinach',
  'Cabbage',
  'Cauliflower',
  'Okra',
  'Peas',
  'Beans',
  'Papaya',
  'Guava',
  'Pomegranate',
  'Orange',
  'Pineapple',
  'Watermelon',
  'Muskmelon',
  'Radish',
  'Beetroot',
  'Ginger',
  'Turmeric',
  'Coriander',
  'Mint',
  'Fenugreek',
  'Pumpkin',
  'Gourd',
  'Capsicum',
  'Chilli',
  'Corn',
  'Sweet Potato',
  'Jackfruit',
  'Litchi',
  'Plum',
  'Pear',
  'Peach',
  'Kiwi',
  'Fig',
  'Dates',
  'Coconut',
  'Amla',
];
/** Hindi names of the nouns above (Latin script and Devanagari), as the demo catalogue has them. */
const NOUN_ALIASES: Record<string, string[]> = {
  Apple: ['seb', 'सेब'],
  Banana: ['kela', 'केला'],
  Mango: ['aam', 'आम'],
  Carrot: ['gajar', 'गाजर'],
  Tomato: ['tamatar', 'टमाटर'],
  Potato: ['aloo', 'आलू'],
  Onion: ['pyaz', 'pyaaz', 'प्याज़', 'प्याज'],
  Garlic: ['lahsun', 'लहसुन'],
  Cucumber: ['kheera', 'खीरा'],
  Lemon: ['nimbu', 'नींबू'],
  Grapes: ['angoor', 'अंगूर'],
  Eggplant: ['baingan', 'बैंगन'],
  Spinach: ['palak', 'पालक'],
  Cabbage: ['patta gobhi', 'पत्ता गोभी'],
  Cauliflower: ['phool gobhi', 'फूल गोभी'],
  Okra: ['bhindi', 'भिंडी'],
  Peas: ['matar', 'मटर'],
  Guava: ['amrood', 'अमरूद'],
  Pomegranate: ['anar', 'अनार'],
  Orange: ['santra', 'संतरा'],
  Radish: ['mooli', 'मूली'],
  Ginger: ['adrak', 'अदरक'],
  Turmeric: ['haldi', 'हल्दी'],
  Coriander: ['dhaniya', 'धनिया'],
  Mint: ['pudina', 'पुदीना'],
  Fenugreek: ['methi', 'मेथी'],
  Pumpkin: ['kaddu', 'कद्दू'],
  Chilli: ['mirchi', 'मिर्ची'],
  Coconut: ['nariyal', 'नारियल'],
};
/** One comma-joined alias list per noun, in NOUNS order (SQL splits it back). */
const NOUN_ALIAS_LISTS = NOUNS.map((noun) => (NOUN_ALIASES[noun] ?? []).join(','));
const CATEGORY_NAMES = [
  'Leafy Greens',
  'Root Vegetables',
  'Exotic Fruits',
  'Citrus',
  'Berries',
  'Melons',
  'Gourds',
  'Herbs',
  'Spices',
  'Tropical Fruits',
  'Stone Fruits',
  'Beans and Pods',
  'Onions and Garlic',
  'Mushrooms',
  'Sprouts',
  'Seasonal Fruits',
  'Seasonal Vegetables',
  'Dry Fruits',
  'Organic Staples',
  'Salad Greens',
  'Hill Produce',
  'Cut Vegetables',
  'Pickling Produce',
  'Festive Fruits',
  'Kitchen Basics',
  'Farm Bundles',
  'Rare Finds',
  'Mangoes',
  'Bananas',
  'Potatoes',
];
const COMMENTS = [
  'Fresh produce delivered on time.',
  'Good quality and fair prices.',
  'The vegetables stayed fresh all week.',
  'Quick delivery and careful packing.',
  'Lovely fruit, will order again.',
];

/** A Postgres text[] literal built from trusted constants. */
const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`);

async function countRows(db: Db): Promise<ScaleCounts> {
  const result = await db.execute(sql`
    select (select count(*) from categories) as categories, (select count(*) from products) as products,
           (select count(*) from users) as users, (select count(*) from orders) as orders,
           (select count(*) from order_items) as order_items, (select count(*) from reviews) as reviews,
           (select count(*) from khata_accounts) as khata_accounts, (select count(*) from khata_entries) as khata_entries,
           (select coalesce(max(n), 0) from (select count(*) as n from orders where delivery_date is not null
                                             group by delivery_date) d) as busy_day_orders`);
  const row = (result as unknown as { rows: Record<string, string | number>[] }).rows[0] ?? {};
  return {
    categories: Number(row.categories),
    products: Number(row.products),
    users: Number(row.users),
    orders: Number(row.orders),
    orderItems: Number(row.order_items),
    reviews: Number(row.reviews),
    khataAccounts: Number(row.khata_accounts),
    khataEntries: Number(row.khata_entries),
    busyDayOrders: Number(row.busy_day_orders),
  };
}

/** Tops the database up to the scale sizes; running it again adds nothing. Needs at least one image. */
export async function seedScaleData(db: Db): Promise<ScaleCounts> {
  const before = await countRows(db);
  const passwordHash = await hashPassword(DEMO_SHOPPER_PASSWORD);

  await db.transaction(async (tx) => {
    const run = (query: ReturnType<typeof sql>) => tx.execute(query);
    // Bulk inserts of 100,000 orders: on a busy machine one may pass the 15 s a request's statement gets.
    await run(sql`set local statement_timeout = 0`);
    const missing = (target: number, have: number) => Math.max(0, target - have);

    const newCategories = missing(SCALE.categories, before.categories);
    await run(sql`
      with imgs as (select array_agg(id order by id) as a from images)
      insert into categories (name, image_id, created_at)
      select n.name, imgs.a[1 + (n.i % cardinality(imgs.a))], now() - interval '400 days'
      from unnest(${textArray(CATEGORY_NAMES)}) with ordinality as n(name, i), imgs
      where not exists (select 1 from categories c where lower(c.name) = lower(n.name))
      limit ${newCategories}`);

    // Newest first is the listing order: scale products are older than the demo ones.
    await run(sql`
      with imgs as (select array_agg(id order by id) as a from images),
           cats as (select array_agg(id order by id) as a from categories)
      insert into products (name, aliases, rate_paise, stock_grams, weight_options_grams, category_id, image_id, created_at)
      select (${textArray(ADJECTIVES)})[1 + g % ${ADJECTIVES.length}] || ' ' ||
               (${textArray(NOUNS)})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}] || ' ' || g,
             string_to_array((${textArray(NOUN_ALIAS_LISTS)})[1 + (g / ${ADJECTIVES.length}) % ${NOUNS.length}], ','),
             2000 + (g * 7919) % 48000,
             case when g % 97 = 0 then 0 else 200000 + (g * 104729) % 800000 end,
             case g % 3 when 0 then array[500,1000,2000] when 1 then array[1000,2000,3000] else array[500,1500,2500,3500] end,
             cats.a[1 + g % cardinality(cats.a)],
             imgs.a[1 + g % cardinality(imgs.a)],
             now() - interval '30 days' - make_interval(mins => g)
      from generate_series(1, ${missing(SCALE.products, before.products)}) as g, imgs, cats`);

    await run(sql`
      insert into users (first_name, last_name, email, password_hash, role, created_at)
      select 'Shopper', 'Number ' || g, 'shopper' || g || '@' || ${SCALE_EMAIL_DOMAIN}, ${passwordHash}, 'User',
             now() - interval '200 days' + make_interval(mins => g)
      from generate_series(1, ${missing(SCALE.users, before.users)}) as g
      on conflict do nothing`);

    // The first scale shopper gets exactly 50 orders; the rest are spread over the other shoppers.
    const newOrders = missing(SCALE.orders, before.orders);
    await run(sql`
      with shoppers as (
        select id, first_name, last_name, row_number() over (order by created_at, id) as rn
        from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`}
      ), total as (select count(*) as n from shoppers)
      insert into orders (user_id, customer_first_name, customer_last_name, total_paise, estimated_total_paise,
                          status, address, city, mobile_number, pin_code, created_at)
      select s.id, s.first_name, s.last_name, 0, 0,
             (case when g % 10 < 6 then 'Delivered' when g % 10 < 8 then 'Shipped' else 'Processing' end)::order_status,
             g || ' Market Road', (${textArray(['Pune', 'Mumbai', 'Delhi', 'Chennai', 'Kolkata', 'Jaipur'])})[1 + g % 6],
             '98' || lpad((g % 100000000)::text, 8, '0'), lpad((400000 + g % 99999)::text, 6, '0'),
             now() - make_interval(mins => g * 3)
      from generate_series(1, ${newOrders}) as g
      cross join total
      join shoppers s on s.rn = case when g <= ${SCALE.firstShopperOrders} then 1
                                     else 2 + (g % greatest(total.n - 1, 1)) end
      -- Oldest first, so the order numbers (decision 0023) grow with the time of placing.
      order by g desc`);

    // One to three lines per new order, priced from the product, then each total from its lines.
    await run(sql`
      with new_orders as (select id, row_number() over (order by id) as rn from orders where total_paise = 0),
           prods as (select id, name, image_id, rate_paise, weight_options_grams,
                            row_number() over (order by id) - 1 as rn from products),
           pcount as (select count(*) as n from products)
      insert into order_items (order_id, product_id, name, image_url, quantity_grams, rate_paise, amount_paise, position)
      select o.id, p.id, p.name, coalesce('/api/images/' || p.image_id, ''),
             p.weight_options_grams[1], p.rate_paise, (p.rate_paise::bigint * p.weight_options_grams[1] + 500) / 1000, k
      from new_orders o cross join pcount
      cross join lateral generate_series(0, (o.rn % 3)::int) as k
      join prods p on p.rn = (o.rn * 31 + k * 7919) % pcount.n`);
    await run(sql`
      update orders o set total_paise = s.total, estimated_total_paise = s.total,
             packed_at = case when o.status = 'Processing' then null else o.created_at + interval '1 hour' end
      from (select order_id, sum(amount_paise)::int as total
            from order_items group by order_id) s
      where o.total_paise = 0 and s.order_id = o.id`);
    // Shipped and Delivered orders left packed, at the ordered weights.
    await run(sql`
      update order_items oi set packed_grams = oi.quantity_grams
      from orders o
      where o.id = oi.order_id and o.status <> 'Processing' and oi.packed_grams is null`);

    await run(sql`
      insert into reviews (user_id, rating, comment, created_at, updated_at)
      select u.id, 3 + (u.rn % 3), (${textArray(COMMENTS)})[1 + u.rn % ${COMMENTS.length}],
             now() - make_interval(hours => u.rn::int), now() - make_interval(hours => u.rn::int)
      from (select id, row_number() over (order by created_at, id) as rn from users
            where email like ${`%@${SCALE_EMAIL_DOMAIN}`}
              and not exists (select 1 from reviews r where r.user_id = users.id)) u
      order by u.rn
      limit ${missing(SCALE.reviews, before.reviews)}`);

    await seedScaleKhata(tx);
    await seedBusyDay(tx);
  });
  // Fresh statistics and visibility maps, as a database that has been running a while would have.
  await db.execute(sql`vacuum analyze`);
  return countRows(db);
}

const scaleShoppers = sql`
  select id, first_name, last_name, row_number() over (order by created_at, id) as rn
  from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`}`;

/**
 * Khata accounts for shoppers 2 to 501 (credit limits ₹5,000 to ₹20,000), each with a bill for
 * every packed order and, after every second bill, a payment two days later: Cash, or UPI with a
 * 12-digit reference every other time, paying the two bills in full, half, 80% or 110% (an advance)
 * by account. Their Processing orders are khata orders not yet packed. Balances and running
 * balances are the entries' sums, in the order written; adds nothing to accounts that have entries.
 */
async function seedScaleKhata(tx: Tx): Promise<void> {
  await tx.execute(sql`
    with shoppers as (${scaleShoppers})
    insert into khata_accounts (user_id, customer_name, mobile, credit_limit_paise, opened_at)
    select s.id, s.first_name || ' ' || s.last_name,
           (select o.mobile_number from orders o where o.user_id = s.id order by o.created_at desc limit 1),
           (5000 + (s.rn % 4) * 5000) * 100, now() - interval '220 days'
    from shoppers s
    where s.rn between 2 and ${1 + SCALE.khataAccounts}
      and not exists (select 1 from khata_accounts k where k.user_id = s.id)`);
  await tx.execute(sql`
    with accounts as (
      select k.id as account_id, k.user_id, row_number() over (order by k.opened_at, k.id) as an
      from khata_accounts k join users u on u.id = k.user_id
      where u.email like ${`%@${SCALE_EMAIL_DOMAIN}`}
        and not exists (select 1 from khata_entries e where e.account_id = k.id)
    ), bills as (
      select a.account_id, a.an, o.id as order_id, o.total_paise as amount, o.packed_at as at,
             row_number() over (partition by a.account_id order by o.packed_at, o.id) as k
      from accounts a join orders o on o.user_id = a.user_id
      where o.status <> 'Processing' and o.packed_at is not null and o.total_paise > 0
    ), payments as (
      select b.account_id, b.k,
             -greatest(100, ((b.amount + prev.amount)::bigint
                             * (case b.an % 4 when 0 then 100 when 1 then 50 when 2 then 80 else 110 end) / 10000) * 100)::int
               as amount,
             least(b.at + interval '2 days', now()) as at,
             case when b.k % 4 = 0 then 'UPI' else 'Cash' end as method,
             case when b.k % 4 = 0 then lpad((b.an * 1000 + b.k)::text, 12, '0') end as reference,
             case when b.k % 6 = 0 then 'Paid at the counter' else '' end as note
      from bills b join bills prev on prev.account_id = b.account_id and prev.k = b.k - 1
      where b.k % 2 = 0
    ), entries as (
      select account_id, k, 'bill' as kind, order_id, amount, at, null::text as method, null::text as reference,
             '' as note
      from bills
      union all
      select account_id, k, 'payment', null, amount, at, method, reference, note from payments
    )
    insert into khata_entries (account_id, kind, order_id, amount_paise, balance_after_paise, method, reference,
                               note, created_at)
    select account_id, kind, order_id, amount,
           sum(amount) over (partition by account_id order by at, kind, k rows unbounded preceding),
           method, reference, note, at
    from entries
    -- Written oldest first, so seq (one sequence for the shop) follows time as in a live shop.
    order by at, account_id, kind, k`);
  await tx.execute(sql`
    update khata_accounts k set balance_paise = s.total
    from (select account_id, sum(amount_paise)::int as total from khata_entries group by account_id) s
    where s.account_id = k.id and k.balance_paise <> s.total`);
  // The billed orders were paid by khata when packed; the account holders' open orders are khata orders.
  // Khata keeps which orders are on a khata, billing the payment (decision 0058).
  await tx.execute(sql`
    insert into khata_orders (order_id, user_id)
    select distinct o.id, o.user_id from orders o join khata_entries e on e.order_id = o.id and e.kind = 'bill'
    on conflict (order_id) do nothing`);
  await tx.execute(sql`
    insert into order_bills (order_id, payment_method, paid_at)
    select distinct o.id, 'Khata', o.packed_at from orders o join khata_entries e on e.order_id = o.id and e.kind = 'bill'
    on conflict (order_id) do update set payment_method = 'Khata', paid_at = excluded.paid_at
    where order_bills.payment_method is null`);
  await tx.execute(sql`
    insert into khata_orders (order_id, user_id)
    select o.id, o.user_id from orders o join khata_accounts k on k.user_id = o.user_id
    where o.status = 'Processing' and o.user_id in (select id from users where email like ${`%@${SCALE_EMAIL_DOMAIN}`})
    on conflict (order_id) do nothing`);
}

/**
 * The busy day: tomorrow (shop date) gets the Processing and Shipped orders of the four days
 * before today, newest first, up to 400, spread over the slot templates in turn, with the slots'
 * bookings counted. Today's orders and the first shopper's stay as they were, so the pick list,
 * the dashboard's today and my orders read what they read before.
 */
async function seedBusyDay(tx: Tx): Promise<void> {
  // The kernel's zone, written into the statement as a literal (the statement reads as it always has).
  const shopZone = sql.raw(`'${SHOP_TIME_ZONE}'`);
  await tx.execute(sql`
    with day as (
      select (now() at time zone ${shopZone})::date + 1 as d,
             ((now() at time zone ${shopZone})::date)::timestamp at time zone ${shopZone} as today_from
    ), templates as (
      select id, start_minute, end_minute, (row_number() over (order by start_minute, id) - 1)::int as tn,
             count(*) over ()::int as n
      from slot_templates
    ), picked as (
      select o.id, row_number() over (order by o.created_at desc, o.id) as rn
      from orders o, day
      where o.status in ('Processing', 'Shipped') and o.delivery_date is null
        and o.created_at < day.today_from and o.created_at >= day.today_from - interval '4 days'
        and o.user_id <> (select id from users where email = ${scaleShopperEmail(1)})
      order by o.created_at desc, o.id
      limit greatest(0, ${SCALE.busyDayOrders} - (select count(*) from orders, day where delivery_date = day.d))
    ), dated as (
      update orders o set delivery_date = day.d
      from picked p, day
      where o.id = p.id
      returning o.id
    )
    -- Delivery keeps the slot (decision 0058); the order keeps its date.
    insert into order_delivery (order_id, slot_template_id, slot_start_minute, slot_end_minute)
    select p.id, t.id, t.start_minute, t.end_minute
    from picked p join dated d on d.id = p.id join templates t on t.tn = p.rn % t.n
    on conflict (order_id) do update set slot_template_id = excluded.slot_template_id,
      slot_start_minute = excluded.slot_start_minute, slot_end_minute = excluded.slot_end_minute`);
  await tx.execute(sql`
    insert into slot_bookings (template_id, date, booked)
    select od.slot_template_id, o.delivery_date, count(*)::int
    from orders o join order_delivery od on od.order_id = o.id
    where o.delivery_date = (now() at time zone ${shopZone})::date + 1 and od.slot_template_id is not null
      and o.status <> 'Cancelled'
    group by od.slot_template_id, o.delivery_date
    on conflict (template_id, date) do update set booked = excluded.booked`);
}
