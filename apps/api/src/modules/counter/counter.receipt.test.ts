/**
 * The counter receipt's renderers: the HTML page says everything the contract lists, escaped, on a
 * page of the paper's width; the ESC/POS bytes, read back command by command as a printer would,
 * start with ESC @, end with the cut, carry plain-ASCII lines as text within the paper's columns and
 * Hindi and ₹ lines as raster pictures of the paper's dots, and a QR code only when UPI is due.
 */
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { type CounterReceipt, receiptEscPos, receiptHtml } from './counter.receipt.js';

function sale(overrides: Partial<CounterReceipt> = {}): CounterReceipt {
  return {
    shop: {
      name: 'Sharma Fruits & Vegetables',
      address: '12, 5th Cross, Indiranagar, Bengaluru 560038',
      gstin: '29ABCDE1234F1Z5',
      fssai: '11223344556677',
      upiVpa: 'sharmafruits@okaxis',
      upiPayeeName: 'Sharma Fruits',
    },
    invoiceNumber: 'C1/26-27/000042',
    // 10:42 in the shop (Kolkata).
    soldAt: new Date('2026-11-29T05:12:00Z'),
    cancelled: false,
    customer: { name: 'Ramesh Kumar', mobile: '9876543210' },
    lines: [
      {
        name: 'Tomato Desi',
        nameHi: 'टमाटर देसी',
        unit: 'kg',
        quantity: 1500,
        ratePaise: 4000,
        amountPaise: 6000,
        gstRate: 0,
        hsnCode: '0702',
      },
      {
        name: 'Paneer',
        nameHi: 'पनीर',
        unit: 'pack',
        quantity: 1000,
        ratePaise: 9000,
        amountPaise: 9000,
        gstRate: 5,
        hsnCode: '0406',
      },
      {
        name: 'Milk',
        nameHi: null,
        unit: 'litre',
        quantity: 500,
        ratePaise: 5630,
        amountPaise: 2815,
        gstRate: 0,
        hsnCode: '0401',
      },
    ],
    subtotalPaise: 17815,
    roundOffPaise: -15,
    totalPaise: 17800,
    tenders: [
      { method: 'Cash', amountPaise: 10000, receivedPaise: 20000, reference: null },
      { method: 'UPI', amountPaise: 2800, receivedPaise: null, reference: '612345678901' },
      { method: 'Khata', amountPaise: 5000, receivedPaise: null, reference: null },
    ],
    changePaise: 10000,
    khataBalancePaise: 34050,
    upiDuePaise: 2800,
    ...overrides,
  };
}

/** A printed line with its runs of spaces made one. */
const squeeze = (line: string) => line.trim().replace(/ +/g, ' ');

const UPI_LINK = 'upi://pay?pa=sharmafruits%40okaxis&pn=Sharma%20Fruits&am=28.00&cu=INR&tn=C1%2F26-27%2F000042';

describe('the receipt as an HTML page', () => {
  it('shows the shop, the bill, every line, the totals, the tenders, the khata and the GST split', () => {
    const html = receiptHtml(sale(), { width: 58, language: 'en' });
    for (const text of [
      'Sharma Fruits &amp; Vegetables',
      '12, 5th Cross, Indiranagar, Bengaluru 560038',
      'GSTIN: 29ABCDE1234F1Z5',
      'FSSAI: 11223344556677',
      'Invoice-cum-Bill of Supply',
      'Bill No: C1/26-27/000042',
      'Date: 29 Nov 2026, 10:42 am',
      'Customer: Ramesh Kumar',
      'Mobile: 9876543210',
      'Tomato Desi',
      '1.5 Kg × 40.00/Kg',
      '60.00',
      '1 pack × 90.00/pack',
      '500 ml × 56.30/litre',
      '28.15',
      'Subtotal',
      '178.15',
      'Round off',
      '-0.15',
      '₹ 178.00',
      'Cash',
      'Received',
      '200.00',
      'Ref: 612345678901',
      'Khata',
      'Change',
      'Khata balance due',
      '340.50',
      'GST summary',
    ]) {
      expect(html).toContain(text);
    }
    // Billing's split of ₹90 at 5%: taxable 85.71, tax 4.29 with the odd paisa to CGST.
    expect(html).toContain('<tr><td>5%</td><td>85.71</td><td>2.15</td><td>2.14</td></tr>');
    expect(html).toContain('<tr><td>0%</td><td>88.15</td><td>0.00</td><td>0.00</td></tr>');
    expect(html).not.toContain('CANCELLED');
  });

  it('is a complete page of the paper width, in the language asked for', () => {
    const narrow = receiptHtml(sale(), { width: 58, language: 'en' });
    expect(narrow).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(narrow).toContain('@page { size: 58mm auto; margin: 0 }');
    expect(narrow).toContain('<title>Receipt C1/26-27/000042</title>');
    expect(narrow).toMatch(/<\/html>\n$/);
    expect(narrow).not.toMatch(/<script|<link|src=/);
    const wide = receiptHtml(sale(), { width: 80, language: 'hi' });
    expect(wide).toContain('<html lang="hi">');
    expect(wide).toContain('@page { size: 80mm auto; margin: 0 }');
    expect(wide).toContain('width: 80mm');
    expect(wide).not.toContain('58mm');
  });

  it('names each line in Hindi when asked and when it has a Hindi name, else in English', () => {
    const html = receiptHtml(sale(), { width: 58, language: 'hi' });
    expect(html).toContain('टमाटर देसी');
    expect(html).not.toContain('Tomato Desi');
    expect(html).toContain('Milk');
    expect(html).toContain('1.5 किलो × 40.00/किलो');
    expect(html).toContain('बिल नं.: C1/26-27/000042');
    expect(html).toContain('बीजक-सह-आपूर्ति बिल (Invoice-cum-Bill of Supply)');
  });

  it('escapes every text it is given', () => {
    const html = receiptHtml(
      sale({
        shop: { ...sale().shop, name: '<img src=x onerror=alert(1)>', address: 'Lane "5" & <b>' },
        customer: { name: '<script>alert("x")</script>', mobile: null },
        lines: [{ ...sale().lines[0]!, name: `Tom's <i>best</i>` }],
      }),
      { width: 58, language: 'en' },
    );
    expect(html).not.toMatch(/<script|<img|<b>|<i>/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).toContain('Lane &quot;5&quot; &amp; &lt;b&gt;');
    expect(html).toContain('Tom&#39;s &lt;i&gt;best&lt;/i&gt;');
  });

  it('draws the UPI QR code of the amount due, and none when nothing is due or the bill is cancelled', () => {
    const html = receiptHtml(sale(), { width: 58, language: 'en' });
    const svg = html.match(/<svg class="qr"[^>]*viewBox="0 0 (\d+) \1"[\s\S]*?d="([^"]*)"\/><\/svg>/);
    expect(svg).not.toBeNull();
    const { modules } = QRCode.create(UPI_LINK, { errorCorrectionLevel: 'M' });
    expect(Number(svg?.[1])).toBe(modules.size + 8);
    expect(svg?.[2]?.split('M').length).toBe(modules.data.filter(Boolean).length + 1);
    expect(html).toContain('Pay by UPI');
    expect(html).toContain('UPI: sharmafruits@okaxis');

    expect(receiptHtml(sale({ upiDuePaise: 0 }), { width: 58, language: 'en' })).not.toContain('<svg');
    const cancelled = receiptHtml(sale({ cancelled: true }), { width: 58, language: 'en' });
    expect(cancelled).not.toContain('<svg');
    expect(cancelled).toContain('*** CANCELLED ***');
  });

  it('says "Counter sale" without a customer, and no GST summary for a shop not registered', () => {
    const html = receiptHtml(sale({ customer: null, khataBalancePaise: null, shop: { ...sale().shop, gstin: null } }), {
      width: 58,
      language: 'en',
    });
    expect(html).toContain('Counter sale');
    expect(html).toContain('Not registered under GST');
    expect(html).toContain('Bill of Supply');
    expect(html).not.toContain('GST summary');
    expect(html).not.toContain('Khata balance');
  });
});

/** What a printer reads from the bytes. */
interface Printout {
  /** Text lines, as printed (each ended by LF). */
  lines: string[];
  /** GS v 0 pictures: width in dots, rows, and whether any dot is black. */
  pictures: { width: number; height: number; inked: boolean }[];
  qr: string[];
  cut: number[] | null;
}

/** Reads ESC/POS bytes command by command; an unknown command fails the test. */
function readPrintout(bytes: Uint8Array): Printout {
  const out: Printout = { lines: [], pictures: [], qr: [], cut: null };
  let text = '';
  let i = 0;
  const at = (k: number) => bytes[i + k] ?? -1;
  while (i < bytes.length) {
    const byte = at(0);
    if (out.cut) throw new Error(`bytes after the cut at ${i}`);
    if (byte === 0x1b && at(1) === 0x40) i += 2;
    else if (byte === 0x1c && at(1) === 0x2e) i += 2;
    else if (byte === 0x1b && [0x4d, 0x74, 0x45, 0x61].includes(at(1))) i += 3;
    else if (byte === 0x1d && at(1) === 0x21) i += 3;
    else if (byte === 0x1d && at(1) === 0x76 && at(2) === 0x30) {
      const widthBytes = at(4) + 256 * at(5);
      const height = at(6) + 256 * at(7);
      const data = bytes.subarray(i + 8, i + 8 + widthBytes * height);
      out.pictures.push({ width: widthBytes * 8, height, inked: data.some((b) => b !== 0) });
      i += 8 + widthBytes * height;
    } else if (byte === 0x1d && at(1) === 0x28 && at(2) === 0x6b) {
      const length = at(3) + 256 * at(4);
      if (at(6) === 0x50) out.qr.push(Buffer.from(bytes.subarray(i + 8, i + 5 + length)).toString('latin1'));
      i += 5 + length;
    } else if (byte === 0x1d && at(1) === 0x56) {
      out.cut = [...bytes.subarray(i, i + 4)];
      i += 4;
    } else if (byte === 0x0a) {
      out.lines.push(text);
      text = '';
      i += 1;
    } else if (byte >= 0x20 && byte <= 0x7e) {
      text += String.fromCharCode(byte);
      i += 1;
    } else throw new Error(`unexpected byte 0x${byte.toString(16)} at ${i}`);
  }
  if (text) out.lines.push(text);
  return out;
}

describe('the receipt as ESC/POS bytes', () => {
  it('starts with ESC @ and ends with the feed and cut', async () => {
    const bytes = await receiptEscPos(sale(), { width: 58, language: 'en' });
    expect([...bytes.subarray(0, 2)]).toEqual([0x1b, 0x40]);
    expect([...bytes.subarray(-4)]).toEqual([0x1d, 0x56, 0x42, 0x00]);
    expect(readPrintout(bytes).cut).toEqual([0x1d, 0x56, 0x42, 0x00]);
  });

  it('prints plain-ASCII lines as text, and the ₹ lines as pictures of the paper width', async () => {
    const printout = readPrintout(await receiptEscPos(sale(), { width: 58, language: 'en' }));
    for (const line of [
      'Bill No: C1/26-27/000042',
      'Date: 29 Nov 2026, 10:42 am',
      'Tomato Desi',
      '  1.5 Kg x 40.00/Kg             60.00',
      'Round off                  -0.15',
      'Change                    100.00',
      'Khata balance due         340.50',
      '5%        85.71      2.15    2.14',
    ]) {
      expect(printout.lines.map(squeeze)).toContain(squeeze(line));
    }
    // Amounts end at the paper's last column.
    expect(printout.lines).toContain('Change                    100.00');
    // The total and the UPI due carry ₹: two pictures, 384 dots across, with ink on them.
    expect(printout.lines.some((line) => /TOTAL|178\.00|Pay by UPI/.test(line))).toBe(false);
    expect(printout.pictures).toHaveLength(2);
    for (const picture of printout.pictures) expect(picture).toMatchObject({ width: 384, inked: true });
  });

  it('prints Hindi lines as pictures and keeps figures-only lines as text', async () => {
    const printout = readPrintout(await receiptEscPos(sale(), { width: 80, language: 'hi' }));
    expect(printout.pictures.length).toBeGreaterThan(3);
    for (const picture of printout.pictures) expect(picture).toMatchObject({ width: 576, inked: true });
    expect(printout.lines.join('\n')).not.toMatch(/Tomato|Kg/);
    // The English name of a line without a Hindi one, the GST rows and the shop's name stay text.
    expect(printout.lines.map((line) => line.trim())).toEqual(
      expect.arrayContaining(['Milk', 'Sharma Fruits & Vegetables', 'GSTIN: 29ABCDE1234F1Z5']),
    );
    expect(printout.lines.some((line) => /^5%\s+85\.71\s+2\.15\s+2\.14$/.test(line))).toBe(true);
  });

  it('sends the UPI QR code by the printer command only when UPI is due', async () => {
    const due = readPrintout(await receiptEscPos(sale(), { width: 58, language: 'en' }));
    expect(due.qr).toEqual([UPI_LINK]);
    expect(due.lines).toContain('    UPI: sharmafruits@okaxis');
    const paid = readPrintout(await receiptEscPos(sale({ upiDuePaise: 0 }), { width: 58, language: 'en' }));
    expect(paid.qr).toEqual([]);
    expect(paid.pictures).toHaveLength(1);
    const noVpa = sale({ shop: { ...sale().shop, upiVpa: null } });
    expect(readPrintout(await receiptEscPos(noVpa, { width: 58, language: 'en' })).qr).toEqual([]);
    expect(receiptHtml(noVpa, { width: 58, language: 'en' })).not.toContain('<svg');
    const cancelled = readPrintout(await receiptEscPos(sale({ cancelled: true }), { width: 58, language: 'en' }));
    expect(cancelled.qr).toEqual([]);
    expect(cancelled.lines.map((line) => line.trim())).toContain('*** CANCELLED ***');
  });

  it('never prints a text line wider than the paper, whatever the names', async () => {
    const long = sale({
      shop: {
        ...sale().shop,
        name: 'Sri Venkateshwara Fresh Fruits Vegetables and Dairy Supermarket',
        address:
          'Shop No. 4-5, Ground Floor, Sai Krupa Complex, 100 Feet Road, HAL 2nd Stage, Indiranagar, Bengaluru 560038',
      },
      customer: { name: 'Venkatasubramanian Ramachandran Iyer-Krishnamurthy', mobile: '9876543210' },
      lines: [
        { ...sale().lines[0]!, name: 'Supercalifragilisticexpialidociousvegetablesfromthefarm', nameHi: null },
        {
          ...sale().lines[1]!,
          name: 'Organic Farm Fresh Cottage Cheese (Malai Paneer, Low Fat)',
          amountPaise: 12345678,
        },
        sale().lines[2]!,
      ],
      subtotalPaise: 12357493,
      roundOffPaise: 7,
      totalPaise: 12357500,
      tenders: [{ method: 'UPI', amountPaise: 12357500, receivedPaise: null, reference: '612345678901' }],
      changePaise: 0,
      khataBalancePaise: -123456789,
    });
    for (const [width, columns] of [
      [58, 32],
      [80, 48],
    ] as const) {
      for (const language of ['en', 'hi'] as const) {
        const printout = readPrintout(await receiptEscPos(long, { width, language }));
        expect(printout.lines.length).toBeGreaterThan(15);
        for (const line of printout.lines)
          expect(line.length, `${width} ${language}: ${line}`).toBeLessThanOrEqual(columns);
        for (const picture of printout.pictures) expect(picture.width).toBe(columns * 12);
      }
    }
  });

  it('lets no control character of a name reach the printer', async () => {
    const bytes = await receiptEscPos(
      sale({ customer: { name: 'Evil\x1b@\x1dV\x00Name\r\n', mobile: null }, upiDuePaise: 0 }),
      { width: 58, language: 'en' },
    );
    const printout = readPrintout(bytes);
    expect(printout.lines).toContain('Customer: Evil @ V Name');
    expect([...bytes].filter((byte, i) => byte === 0x1b && bytes[i + 1] === 0x40)).toHaveLength(1);
  });

  it('gives the same bytes for the same receipt (drawn lines are kept, not changed)', async () => {
    const first = await receiptEscPos(sale(), { width: 58, language: 'hi' });
    const again = await receiptEscPos(sale(), { width: 58, language: 'hi' });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
  });
});
