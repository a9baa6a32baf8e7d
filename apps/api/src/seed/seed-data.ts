/**
 * The demo catalogue: Indian fresh produce and dairy at believable rates (mandi prices of 2026),
 * each in the unit a shop sells it in (kg, litre, piece, dozen, bunch, pack: kernel units.ts), with
 * its stock and the quantities it is sold in. Pictures are Noto emoji (Apache-2.0).
 */
import type { Unit } from '@mandi/shared/kernel';

export interface SeedCategory {
  name: string;
  /** Shown when Hindi is chosen ("ताज़ा सब्ज़ियाँ"); migration 0033 gives a demo seeded before it the same. */
  nameHi: string;
  icon: string;
}

export interface SeedProduct {
  name: string;
  category: string;
  icon: string;
  /** Rupees per unit. */
  rate: number;
  /** In the unit (kg unless `unit` says otherwise), like `weightsKg`. */
  stockKg: number;
  /** The quantities a shopper may pick, in the unit. */
  weightsKg: number[];
  /** kg when absent. */
  unit?: Unit;
}

export const SEED_CATEGORIES: SeedCategory[] = [
  { name: 'Fruits', nameHi: 'फल', icon: 'red-apple' },
  { name: 'Vegetables', nameHi: 'सब्ज़ियाँ', icon: 'tomato' },
  { name: 'Leafy Greens', nameHi: 'पत्तेदार साग', icon: 'leafy-green' },
  { name: 'Roots & Bulbs', nameHi: 'कंद-मूल', icon: 'carrot' },
  { name: 'Exotic Fruits', nameHi: 'विदेशी फल', icon: 'kiwi-fruit' },
  { name: 'Dairy', nameHi: 'दूध-दही', icon: 'glass-of-milk' },
  { name: 'Nuts & Staples', nameHi: 'मेवे और राशन', icon: 'peanuts' },
];

const ALL = [0.5, 1, 1.5, 2, 2.5, 3, 3.5];
const SMALL = [0.5, 1, 1.5, 2];
const BULK = [1, 2, 3, 3.5];

export const SEED_PRODUCTS: SeedProduct[] = [
  { name: 'Alphonso Mango', category: 'Fruits', icon: 'mango', rate: 349, stockKg: 60, weightsKg: [1, 2, 3] },
  { name: 'Robusta Banana', category: 'Fruits', icon: 'banana', rate: 48, stockKg: 120, weightsKg: ALL },
  { name: 'Shimla Apple', category: 'Fruits', icon: 'red-apple', rate: 179, stockKg: 80, weightsKg: ALL },
  { name: 'Green Apple', category: 'Fruits', icon: 'green-apple', rate: 229, stockKg: 35, weightsKg: SMALL },
  { name: 'Nagpur Orange', category: 'Fruits', icon: 'tangerine', rate: 89, stockKg: 90, weightsKg: ALL },
  { name: 'Nashik Black Grapes', category: 'Fruits', icon: 'grapes', rate: 109, stockKg: 45, weightsKg: SMALL },
  { name: 'Kiran Watermelon', category: 'Fruits', icon: 'watermelon', rate: 24, stockKg: 200, weightsKg: BULK },
  { name: 'Muskmelon', category: 'Fruits', icon: 'melon', rate: 39, stockKg: 70, weightsKg: BULK },
  {
    name: 'Queen Pineapple',
    category: 'Fruits',
    icon: 'pineapple',
    rate: 69,
    stockKg: 40,
    weightsKg: [1, 1.5, 2, 2.5],
  },
  {
    name: 'Tender Coconut',
    category: 'Fruits',
    icon: 'coconut',
    rate: 35,
    stockKg: 0,
    weightsKg: [1, 2, 3, 4, 6],
    unit: 'piece',
  },
  { name: 'Lucknow Lemon', category: 'Fruits', icon: 'lemon', rate: 119, stockKg: 25, weightsKg: [0.5, 1] },
  { name: 'Babugosha Pear', category: 'Fruits', icon: 'pear', rate: 149, stockKg: 30, weightsKg: SMALL },

  { name: 'Desi Tomato', category: 'Vegetables', icon: 'tomato', rate: 38, stockKg: 150, weightsKg: ALL },
  { name: 'Brinjal (Baingan)', category: 'Vegetables', icon: 'eggplant', rate: 44, stockKg: 60, weightsKg: ALL },
  { name: 'Green Cucumber', category: 'Vegetables', icon: 'cucumber', rate: 36, stockKg: 75, weightsKg: ALL },
  {
    name: 'Green Chillies',
    category: 'Vegetables',
    icon: 'hot-pepper',
    rate: 79,
    stockKg: 20,
    weightsKg: [0.1, 0.25, 0.5],
  },
  { name: 'Capsicum', category: 'Vegetables', icon: 'bell-pepper', rate: 89, stockKg: 40, weightsKg: SMALL },
  { name: 'Sweet Corn', category: 'Vegetables', icon: 'ear-of-corn', rate: 55, stockKg: 50, weightsKg: ALL },
  { name: 'Button Mushroom', category: 'Vegetables', icon: 'mushroom', rate: 299, stockKg: 12, weightsKg: [0.5, 1] },
  { name: 'Green Peas (Matar)', category: 'Vegetables', icon: 'pea-pod', rate: 99, stockKg: 0, weightsKg: SMALL },
  { name: 'Broccoli', category: 'Vegetables', icon: 'broccoli', rate: 199, stockKg: 15, weightsKg: [0.5, 1, 1.5] },

  {
    name: 'Palak (Spinach)',
    category: 'Leafy Greens',
    icon: 'leafy-green',
    rate: 40,
    stockKg: 30,
    weightsKg: [0.5, 1, 1.5],
  },
  {
    name: 'Fresh Coriander',
    category: 'Leafy Greens',
    icon: 'herb',
    rate: 10,
    stockKg: 80,
    weightsKg: [1, 2, 3],
    unit: 'bunch',
  },
  {
    name: 'Methi Leaves',
    category: 'Leafy Greens',
    icon: 'seedling',
    rate: 15,
    stockKg: 60,
    weightsKg: [1, 2, 3],
    unit: 'bunch',
  },
  { name: 'Green Cabbage', category: 'Leafy Greens', icon: 'leafy-green', rate: 32, stockKg: 55, weightsKg: ALL },
  {
    name: 'Mint (Pudina)',
    category: 'Leafy Greens',
    icon: 'four-leaf-clover',
    rate: 110,
    stockKg: 8,
    weightsKg: [0.5, 1],
  },

  {
    name: 'Agra Potato',
    category: 'Roots & Bulbs',
    icon: 'potato',
    rate: 28,
    stockKg: 300,
    weightsKg: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 5, 10],
  },
  {
    name: 'Nashik Red Onion',
    category: 'Roots & Bulbs',
    icon: 'onion',
    rate: 34,
    stockKg: 250,
    weightsKg: [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 5, 10],
  },
  { name: 'Ooty Carrot', category: 'Roots & Bulbs', icon: 'carrot', rate: 58, stockKg: 90, weightsKg: ALL },
  { name: 'Desi Garlic', category: 'Roots & Bulbs', icon: 'garlic', rate: 189, stockKg: 40, weightsKg: [0.5, 1, 1.5] },
  { name: 'Fresh Ginger', category: 'Roots & Bulbs', icon: 'ginger-root', rate: 149, stockKg: 25, weightsKg: [0.5, 1] },
  {
    name: 'Sweet Potato (Shakarkandi)',
    category: 'Roots & Bulbs',
    icon: 'roasted-sweet-potato',
    rate: 62,
    stockKg: 45,
    weightsKg: ALL,
  },

  {
    name: 'Mahabaleshwar Strawberry',
    category: 'Exotic Fruits',
    icon: 'strawberry',
    rate: 399,
    stockKg: 10,
    weightsKg: [0.5, 1],
  },
  { name: 'Kiwi', category: 'Exotic Fruits', icon: 'kiwi-fruit', rate: 259, stockKg: 18, weightsKg: [0.5, 1, 1.5] },
  { name: 'Hass Avocado', category: 'Exotic Fruits', icon: 'avocado', rate: 449, stockKg: 9, weightsKg: [0.5, 1] },
  { name: 'Blueberries', category: 'Exotic Fruits', icon: 'blueberries', rate: 1199, stockKg: 5, weightsKg: [0.5, 1] },
  {
    name: 'Kashmiri Cherries',
    category: 'Exotic Fruits',
    icon: 'cherries',
    rate: 599,
    stockKg: 0,
    weightsKg: [0.5, 1],
  },
  { name: 'Himachal Peach', category: 'Exotic Fruits', icon: 'peach', rate: 219, stockKg: 16, weightsKg: SMALL },

  {
    name: 'Cow Milk (A2)',
    category: 'Dairy',
    icon: 'glass-of-milk',
    rate: 56,
    stockKg: 100,
    weightsKg: [0.5, 1, 2, 3],
    unit: 'litre',
  },
  {
    name: 'Malai Paneer (200 g)',
    category: 'Dairy',
    icon: 'cheese-wedge',
    rate: 90,
    stockKg: 40,
    weightsKg: [1, 2, 3, 5],
    unit: 'pack',
  },
  { name: 'White Butter (Makhan)', category: 'Dairy', icon: 'butter', rate: 549, stockKg: 12, weightsKg: [0.5, 1] },
  {
    name: 'Thick Curd (Dahi)',
    category: 'Dairy',
    icon: 'bowl-with-spoon',
    rate: 84,
    stockKg: 40,
    weightsKg: [0.5, 1, 1.5, 2],
  },
  {
    name: 'Farm Fresh Eggs',
    category: 'Dairy',
    icon: 'egg',
    rate: 84,
    stockKg: 40,
    weightsKg: [1, 2, 3],
    unit: 'dozen',
  },
  { name: 'Desi Cow Ghee', category: 'Dairy', icon: 'jar', rate: 699, stockKg: 15, weightsKg: [0.5, 1] },

  { name: 'Bold Peanuts', category: 'Nuts & Staples', icon: 'peanuts', rate: 139, stockKg: 60, weightsKg: ALL },
  { name: 'Wild Honey', category: 'Nuts & Staples', icon: 'honey-pot', rate: 499, stockKg: 10, weightsKg: [0.5, 1] },
  { name: 'Basmati Rice', category: 'Nuts & Staples', icon: 'cooked-rice', rate: 115, stockKg: 180, weightsKg: ALL },
  { name: 'Roasted Chestnuts', category: 'Nuts & Staples', icon: 'chestnut', rate: 119, stockKg: 20, weightsKg: SMALL },
];

/**
 * HSN code and GST percent of every demo product, keyed by product name. HSN headings from the
 * Customs Tariff (First Schedule), chapters 04 (dairy, eggs, honey), 07 (vegetables), 08 (fruit and
 * nuts), 09 (ginger), 10 (rice), 12 (groundnuts), 20 (roasted nuts). Rates from the CGST rate
 * notifications in force from 22 September 2025 (9/2025 and 10/2025-Central Tax (Rate), "GST 2.0"):
 *  - fresh fruit and vegetables, fresh ginger, roots and tubers: exempt (10/2025, ch. 07 and 08);
 *  - milk, curd (dahi) and paneer sold loose, fresh eggs: exempt (10/2025, 0401, 0403, 0406, 0407);
 *  - rice sold loose, not pre-packaged and labelled: exempt (10/2025, 1006);
 *  - butter and ghee: 5%, down from 12% (9/2025 Schedule I, 0405);
 *  - natural honey: 5% (9/2025 Schedule I, 0409);
 *  - groundnuts, not roasted: 5% (9/2025 Schedule I, 1202);
 *  - roasted nuts (chestnuts): 5%, down from 12% (9/2025 Schedule I, 2008).
 */
export const SEED_TAX: Record<string, { hsnCode: string; gstRate: number }> = {
  'Alphonso Mango': { hsnCode: '0804', gstRate: 0 },
  'Robusta Banana': { hsnCode: '0803', gstRate: 0 },
  'Shimla Apple': { hsnCode: '0808', gstRate: 0 },
  'Green Apple': { hsnCode: '0808', gstRate: 0 },
  'Nagpur Orange': { hsnCode: '0805', gstRate: 0 },
  'Nashik Black Grapes': { hsnCode: '0806', gstRate: 0 },
  'Kiran Watermelon': { hsnCode: '0807', gstRate: 0 },
  Muskmelon: { hsnCode: '0807', gstRate: 0 },
  'Queen Pineapple': { hsnCode: '0804', gstRate: 0 },
  'Tender Coconut': { hsnCode: '0801', gstRate: 0 },
  'Lucknow Lemon': { hsnCode: '0805', gstRate: 0 },
  'Babugosha Pear': { hsnCode: '0808', gstRate: 0 },
  'Desi Tomato': { hsnCode: '0702', gstRate: 0 },
  'Brinjal (Baingan)': { hsnCode: '0709', gstRate: 0 },
  'Green Cucumber': { hsnCode: '0707', gstRate: 0 },
  'Green Chillies': { hsnCode: '0709', gstRate: 0 },
  Capsicum: { hsnCode: '0709', gstRate: 0 },
  'Sweet Corn': { hsnCode: '0709', gstRate: 0 },
  'Button Mushroom': { hsnCode: '0709', gstRate: 0 },
  'Green Peas (Matar)': { hsnCode: '0708', gstRate: 0 },
  Broccoli: { hsnCode: '0704', gstRate: 0 },
  'Palak (Spinach)': { hsnCode: '0709', gstRate: 0 },
  'Fresh Coriander': { hsnCode: '0709', gstRate: 0 },
  'Methi Leaves': { hsnCode: '0709', gstRate: 0 },
  'Green Cabbage': { hsnCode: '0704', gstRate: 0 },
  'Mint (Pudina)': { hsnCode: '0709', gstRate: 0 },
  'Agra Potato': { hsnCode: '0701', gstRate: 0 },
  'Nashik Red Onion': { hsnCode: '0703', gstRate: 0 },
  'Ooty Carrot': { hsnCode: '0706', gstRate: 0 },
  'Desi Garlic': { hsnCode: '0703', gstRate: 0 },
  'Fresh Ginger': { hsnCode: '0910', gstRate: 0 },
  'Sweet Potato (Shakarkandi)': { hsnCode: '0714', gstRate: 0 },
  'Mahabaleshwar Strawberry': { hsnCode: '0810', gstRate: 0 },
  Kiwi: { hsnCode: '0810', gstRate: 0 },
  'Hass Avocado': { hsnCode: '0804', gstRate: 0 },
  Blueberries: { hsnCode: '0810', gstRate: 0 },
  'Kashmiri Cherries': { hsnCode: '0809', gstRate: 0 },
  'Himachal Peach': { hsnCode: '0809', gstRate: 0 },
  'Cow Milk (A2)': { hsnCode: '0401', gstRate: 0 },
  'Malai Paneer (200 g)': { hsnCode: '0406', gstRate: 0 },
  'White Butter (Makhan)': { hsnCode: '0405', gstRate: 5 },
  'Thick Curd (Dahi)': { hsnCode: '0403', gstRate: 0 },
  'Farm Fresh Eggs': { hsnCode: '0407', gstRate: 0 },
  'Desi Cow Ghee': { hsnCode: '0405', gstRate: 5 },
  'Bold Peanuts': { hsnCode: '1202', gstRate: 5 },
  'Wild Honey': { hsnCode: '0409', gstRate: 5 },
  'Basmati Rice': { hsnCode: '1006', gstRate: 0 },
  'Roasted Chestnuts': { hsnCode: '2008', gstRate: 5 },
};

/**
 * Other names shoppers type: common Hindi names in Latin script (with their usual spellings) and in
 * Devanagari, with and without the nukta where both are written (प्याज़ / प्याज). Keyed by product name.
 */
export const SEED_ALIASES: Record<string, string[]> = {
  'Alphonso Mango': ['aam', 'hapus', 'आम', 'हापुस'],
  'Robusta Banana': ['kela', 'केला'],
  'Shimla Apple': ['seb', 'saib', 'सेब'],
  'Green Apple': ['hara seb', 'seb', 'हरा सेब', 'सेब'],
  'Nagpur Orange': ['santra', 'santara', 'narangi', 'संतरा', 'नारंगी'],
  'Nashik Black Grapes': ['angoor', 'angur', 'kale angoor', 'अंगूर', 'काले अंगूर'],
  'Kiran Watermelon': ['tarbooz', 'tarbuj', 'तरबूज़', 'तरबूज'],
  Muskmelon: ['kharbuja', 'kharbooja', 'ख़रबूज़ा', 'खरबूजा'],
  'Queen Pineapple': ['ananas', 'अनानास'],
  'Tender Coconut': ['nariyal', 'daab', 'नारियल'],
  'Lucknow Lemon': ['nimbu', 'nimboo', 'नींबू'],
  'Babugosha Pear': ['nashpati', 'babugosha', 'नाशपाती', 'बबूगोशा'],
  'Desi Tomato': ['tamatar', 'टमाटर'],
  'Brinjal (Baingan)': ['baingan', 'bengan', 'बैंगन'],
  'Green Cucumber': ['kheera', 'khira', 'खीरा'],
  'Green Chillies': ['hari mirch', 'mirchi', 'हरी मिर्च', 'मिर्ची'],
  Capsicum: ['shimla mirch', 'शिमला मिर्च'],
  'Sweet Corn': ['makka', 'bhutta', 'मक्का', 'भुट्टा'],
  'Button Mushroom': ['khumbi', 'खुंबी', 'मशरूम'],
  'Green Peas (Matar)': ['matar', 'mattar', 'मटर'],
  Broccoli: ['hari gobhi', 'हरी गोभी', 'ब्रोकली'],
  'Palak (Spinach)': ['palak', 'पालक'],
  'Fresh Coriander': ['dhaniya', 'dhania', 'hara dhaniya', 'धनिया', 'हरा धनिया'],
  'Methi Leaves': ['methi', 'मेथी'],
  'Green Cabbage': ['patta gobhi', 'band gobhi', 'पत्ता गोभी', 'बंद गोभी'],
  'Mint (Pudina)': ['pudina', 'पुदीना'],
  'Agra Potato': ['aloo', 'alu', 'आलू'],
  'Nashik Red Onion': ['pyaz', 'pyaaz', 'kanda', 'प्याज़', 'प्याज', 'कांदा'],
  'Ooty Carrot': ['gajar', 'गाजर'],
  'Desi Garlic': ['lahsun', 'lehsun', 'लहसुन'],
  'Fresh Ginger': ['adrak', 'अदरक'],
  'Sweet Potato (Shakarkandi)': ['shakarkandi', 'shakarkand', 'शकरकंदी', 'शकरकंद'],
  'Mahabaleshwar Strawberry': ['स्ट्रॉबेरी'],
  Kiwi: ['कीवी'],
  'Hass Avocado': ['makhanphal', 'मक्खनफल', 'एवोकाडो'],
  Blueberries: ['blueberry', 'ब्लूबेरी'],
  'Kashmiri Cherries': ['cherry', 'चेरी'],
  'Himachal Peach': ['aadu', 'aaru', 'आड़ू', 'आडू'],
  'Cow Milk (A2)': ['doodh', 'dudh', 'दूध', 'gaay ka doodh', 'गाय का दूध'],
  'Malai Paneer (200 g)': ['paneer', 'पनीर'],
  'White Butter (Makhan)': ['makhan', 'makkhan', 'मक्खन'],
  'Thick Curd (Dahi)': ['dahi', 'दही'],
  'Farm Fresh Eggs': ['anda', 'ande', 'अंडा', 'अंडे'],
  'Desi Cow Ghee': ['ghee', 'ghi', 'घी'],
  'Bold Peanuts': ['moongphali', 'mungfali', 'मूंगफली'],
  'Wild Honey': ['shahad', 'shehad', 'शहद'],
  'Basmati Rice': ['chawal', 'चावल'],
  'Roasted Chestnuts': ['shahbalut', 'शाहबलूत'],
};

export const SEED_SHOPPERS = [
  { firstName: 'Priya', lastName: 'Sharma', email: 'priya.sharma@example.com' },
  { firstName: 'Rahul', lastName: 'Verma', email: 'rahul.verma@example.com' },
  { firstName: 'Ananya', lastName: 'Iyer', email: 'ananya.iyer@example.com' },
  { firstName: 'Arjun', lastName: 'Reddy', email: 'arjun.reddy@example.com' },
  { firstName: 'Meera', lastName: 'Nair', email: 'meera.nair@example.com' },
];

export const SEED_REVIEWS = [
  { rating: 5, comment: 'The Alphonso mangoes were perfectly ripe and so sweet. Delivered the next morning!' },
  { rating: 4, comment: 'Vegetables are fresher than my local market. Cash on delivery makes it easy.' },
  { rating: 5, comment: 'Paneer and curd taste homemade. My family loves the dairy range.' },
  { rating: 4, comment: 'Good prices on onions and potatoes, and the weight was exactly right.' },
  { rating: 5, comment: 'Spinach and coriander arrived crisp and clean. Will order every week.' },
];

export const SEED_SHIPPING = [
  { address: '14, Shanti Nagar, Near Ganesh Mandir', city: 'Pune', mobileNumber: '9876543210', pinCode: '411038' },
  {
    address: 'Flat 302, Lake View Apartments, Sector 21',
    city: 'Noida',
    mobileNumber: '9812345678',
    pinCode: '201301',
  },
  { address: '7/2 Second Cross, Indiranagar', city: 'Bengaluru', mobileNumber: '9900112233', pinCode: '560038' },
  { address: 'Plot 45, Jubilee Hills Road No. 10', city: 'Hyderabad', mobileNumber: '9848022338', pinCode: '500033' },
  { address: '22, Marine Drive, Ernakulam', city: 'Kochi', mobileNumber: '9447012345', pinCode: '682031' },
];

/**
 * Demo delivery zones: city zones plus one for the rest of India (every first digit), all with no
 * minimum and no fee, so every PIN code keeps the spec's promise of free delivery; a longer
 * prefix wins, so a Pune PIN code shows "Pune".
 */
export const SEED_ZONES = [
  { name: 'Pune', pinPrefixes: ['411', '412'] },
  { name: 'Mumbai', pinPrefixes: ['400', '401'] },
  { name: 'Delhi NCR', pinPrefixes: ['110', '201', '122'] },
  { name: 'Bengaluru', pinPrefixes: ['560'] },
  { name: 'Hyderabad', pinPrefixes: ['500'] },
  // Every Indian PIN code starts with 1 to 8 (kernel pin-code.ts).
  { name: 'All India', pinPrefixes: ['1', '2', '3', '4', '5', '6', '7', '8'] },
];

/**
 * Demo slots, every day and for every zone: a morning and an evening window with no limit
 * (capacity null), so no demo, test or benchmark run fills them (the orders without a chosen slot
 * all land in the earliest). Shoppers see "No limit", never a huge count of places left.
 */
export const SEED_SLOT_CAPACITY = null;
export const SEED_SLOT_TEMPLATES = [
  { startMinute: 7 * 60, endMinute: 10 * 60, cutoffMinutes: 60 },
  { startMinute: 17 * 60, endMinute: 20 * 60, cutoffMinutes: 120 },
];
