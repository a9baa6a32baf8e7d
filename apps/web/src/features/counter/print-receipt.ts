/**
 * Prints a receipt: the server's HTML receipt (its `@page` the paper's width) in a frame out of
 * sight, whose window is asked to print once it has loaded. One frame at a time. Printing moves
 * the focus into the frame, where the counter's keys would no longer reach the page: `onPrinted`
 * gives it back once the print dialog is done.
 */
const FRAME_ID = 'counter-receipt-frame';

export function printReceipt(url: string, title: string, onPrinted: () => void): void {
  document.getElementById(FRAME_ID)?.remove();
  const frame = document.createElement('iframe');
  frame.id = FRAME_ID;
  frame.title = title;
  // Out of sight but laid out: a frame that is not displayed prints nothing in some browsers.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:1px;height:1px;border:0;opacity:0;';
  frame.addEventListener('load', () => {
    const receipt = frame.contentWindow;
    if (!receipt) return;
    // Browsers whose print() returns before the dialog closes say so with afterprint.
    receipt.addEventListener('afterprint', onPrinted, { once: true });
    receipt.focus();
    receipt.print();
    onPrinted();
  });
  frame.src = url;
  document.body.append(frame);
}
