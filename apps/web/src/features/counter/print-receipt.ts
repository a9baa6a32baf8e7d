/**
 * Prints a receipt as the device's printer says (contract "Counter devices", `printer.transport`):
 * through the browser's print dialog (`print`, or no printer set), or as the server's ESC/POS bytes
 * written to the printer over Web Serial, WebUSB or Web Bluetooth (lib/devices/receipt-printer.ts).
 * A browser that cannot reach that printer prints through the dialog instead, and says so.
 *
 * The dialog prints the server's HTML receipt (its `@page` the paper's width) in a frame out of
 * sight, whose window is asked to print once it has loaded. One frame at a time. Printing moves
 * the focus into the frame, where the counter's keys would no longer reach the page: `onPrinted`
 * gives it back once the print dialog is done.
 */
import { devicesTexts } from '../../lib/devices/devices.texts';
import { PrinterError, printBytes } from '../../lib/devices/receipt-printer';
import { translate } from '../../lib/i18n';
import type { CounterPrinter } from './api/counter-types';
import { receiptUrl } from './api/sales';

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

export interface PrintBill {
  printer: CounterPrinter | null;
  orderId: string;
  width: 58 | 80;
  language: 'en' | 'hi';
  /** The receipt frame's title (the print dialog's way). */
  title: string;
  onPrinted: () => void;
  /** Why the receipt did not print as the device says (null once it has). */
  onProblem: (problem: string | null) => void;
}

/** The last bill's receipt, printed the way the device's printer is reached. */
export function printBill({ printer, orderId, width, language, title, onPrinted, onProblem }: PrintBill): void {
  const transport = printer?.transport ?? 'print';
  const dialog = () => printReceipt(receiptUrl(orderId, width, language), title, onPrinted);
  if (transport === 'print') {
    dialog();
    return;
  }
  void (async () => {
    try {
      const answer = await fetch(receiptUrl(orderId, width, language, 'escpos'), { credentials: 'same-origin' });
      if (!answer.ok) throw new PrinterError('failed', `${answer.status}`);
      await printBytes(new Uint8Array(await answer.arrayBuffer()), transport);
      onProblem(null);
      onPrinted();
    } catch (error) {
      if (error instanceof PrinterError && error.reason === 'unsupported') {
        onProblem(translate(devicesTexts.printerUnsupported, { transport }));
        dialog();
      } else if (error instanceof PrinterError && error.reason === 'notChosen') {
        onProblem(translate(devicesTexts.printerNotChosen));
      } else {
        onProblem(
          translate(devicesTexts.printerFailed, { message: error instanceof Error ? error.message : String(error) }),
        );
      }
    }
  })();
}
