/**
 * The counter receipt as one standalone HTML page, printed through the browser's print dialog on
 * a receipt printer (API contract part 4): a page of the paper's width (`@page`), no margins, a
 * monospaced layout close to the printer's own (32 or 48 characters a line), every text escaped,
 * the UPI QR code inline as SVG. Nothing is loaded from anywhere: no script, font or picture.
 */
import { escapeHtml } from '@mandi/shared/kernel';
import QRCode from 'qrcode';
import {
  type CounterReceipt,
  type ReceiptBlock,
  type ReceiptOptions,
  type ReceiptWidth,
  receiptBlocks,
  receiptTexts,
} from './counter.receipt.model.js';

/** The page per paper: its width, the side padding, the type size (so 32 or 48 characters fit) and the QR code's side. */
const PAGE: Record<ReceiptWidth, { paper: string; padding: string; fontSize: string; qrSide: string }> = {
  58: { paper: '58mm', padding: '3mm', fontSize: '2.6mm', qrSide: '34mm' },
  80: { paper: '80mm', padding: '4mm', fontSize: '2.5mm', qrSide: '40mm' },
};

/** Blank modules around the code, as the QR standard asks, so phones find its edges. */
const QUIET_ZONE = 4;

/** A text's QR code as an inline SVG (error correction M), one square per dark module. */
function qrSvg(text: string, side: string, label: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const squares: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.data[row * modules.size + column]) {
        squares.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
      }
    }
  }
  const size = modules.size + 2 * QUIET_ZONE;
  return (
    `<svg class="qr" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" width="${side}" height="${side}"` +
    ` role="img" aria-label="${escapeHtml(label)}" shape-rendering="crispEdges">` +
    `<rect width="${size}" height="${size}" fill="#fff"/><path fill="#000" d="${squares.join('')}"/></svg>`
  );
}

function blockHtml(block: ReceiptBlock, options: ReceiptOptions): string {
  if (block.kind === 'rule') return '<hr>';
  if (block.kind === 'qr') return qrSvg(block.url, PAGE[options.width].qrSide, receiptTexts(options.language).upiDue);
  if (block.kind === 'table') {
    const cells = (tag: string, texts: readonly string[]) =>
      texts.map((text) => `<${tag}>${escapeHtml(text)}</${tag}>`).join('');
    const body = block.rows.map((row) => `<tr>${cells('td', row)}</tr>`).join('');
    return `<table><thead><tr>${cells('th', block.header)}</tr></thead><tbody>${body}</tbody></table>`;
  }
  const classes = ['row', block.tone, ...(block.center ? ['center'] : [])].join(' ');
  const right = block.right === undefined ? '' : `<span class="r">${escapeHtml(block.right)}</span>`;
  return `<div class="${classes}"><span class="l">${escapeHtml(block.left)}</span>${right}</div>`;
}

/** The receipt as a complete HTML document for the browser's print dialog. */
export function receiptHtml(receipt: CounterReceipt, options: ReceiptOptions): string {
  const say = receiptTexts(options.language);
  const page = PAGE[options.width];
  const body = receiptBlocks(receipt, options.language)
    .map((block) => blockHtml(block, options))
    .join('\n');
  const style = `
@page { size: ${page.paper} auto; margin: 0 }
* { box-sizing: border-box }
html, body { margin: 0; padding: 0; background: #fff; color: #000 }
body {
  width: ${page.paper}; padding: 2mm ${page.padding} 4mm;
  font: ${page.fontSize}/1.35 'Noto Sans Mono', 'DejaVu Sans Mono', 'Liberation Mono', Menlo, Consolas, 'Noto Sans Devanagari', 'Nirmala UI', Mangal, monospace;
  -webkit-print-color-adjust: exact; print-color-adjust: exact;
}
.row { display: flex; justify-content: space-between; gap: 1ch }
.row .l { overflow-wrap: anywhere }
.row .r { margin-left: auto; white-space: nowrap; text-align: right }
.center { justify-content: center; text-align: center }
.shop { font-size: 1.3em; font-weight: 700 }
.heading, .cancelled, .total { font-weight: 700 }
.total { font-size: 1.15em }
.cancelled { letter-spacing: 0.1em }
.detail { padding-left: 2ch }
hr { border: 0; border-top: 1px dashed #000; margin: 1.2mm 0 }
table { width: 100%; border-collapse: collapse; font: inherit }
th, td { padding: 0; text-align: right; font-weight: 400 }
th:first-child, td:first-child { text-align: left }
.qr { display: block; margin: 2mm auto 1mm }
@media screen { body { margin: 4mm auto; outline: 1px solid #ddd } }
`;
  return `<!doctype html>
<html lang="${say.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(say.pageTitle(receipt.invoiceNumber))}</title>
<style>${style}</style>
</head>
<body>
<main class="receipt">
${body}
</main>
</body>
</html>
`;
}
