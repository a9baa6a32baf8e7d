/**
 * What every document of the shop prints the same way (the bill, the khata statement): the
 * seller's block at its head and its dates. The texts come from the document that prints them
 * (the bill's texts, in English or Hindi), so this file holds no words of its own.
 */
import { type ShopTimeLanguage, shopTimeFormat } from '@mandi/shared/kernel';
import { GST_STATE_CODES } from '../gst-states.js';
import type { PdfCanvas } from './pdf-canvas.js';

/** The seller as a document prints it. Null: not given (no GSTIN: not registered; FSSAI, phone and email: not printed). */
export interface DocumentSeller {
  legalName: string;
  address: string;
  state: string;
  gstin: string | null;
  fssaiNumber: string | null;
  phone: string | null;
  email: string | null;
}

/** The words of the seller's block and how its dates write the month, in the document's language. */
export interface SellerTexts {
  monthStyle: 'short' | 'long';
  sellerState: (state: string, code: string) => string;
  gstin: (gstin: string) => string;
  fssai: (fssaiNumber: string) => string;
  phone: (phone: string) => string;
  notRegistered: string;
}

/**
 * A date as the shop's documents print it, in shop time (the kernel's formatter): "23 Nov 2026",
 * "23 नवंबर 2026"; with `clock`, the time after it.
 */
export function documentDateFormat(
  say: Pick<SellerTexts, 'monthStyle'>,
  language: ShopTimeLanguage,
  clock = false,
): Intl.DateTimeFormat {
  const date = { day: '2-digit', month: say.monthStyle, year: 'numeric' } as const;
  return shopTimeFormat(clock ? { ...date, hour: 'numeric', minute: '2-digit' } : date, language);
}

/**
 * The seller's block at the head of a document, within `width` from (x, y): legal name (under the
 * trade name when one is given and differs), address, state, GSTIN or "not registered", FSSAI
 * number, phone and email. Returns the y below it.
 */
export function drawSeller(
  canvas: PdfCanvas,
  seller: DocumentSeller,
  say: SellerTexts,
  x: number,
  y: number,
  width: number,
  tradeName?: string,
): number {
  const { text, wrap } = canvas;
  let sellerY = y;
  const heading = tradeName?.trim() || seller.legalName;
  text(heading, x, sellerY, { size: 12, weight: 'bold' });
  sellerY += 17;
  if (heading !== seller.legalName) {
    text(seller.legalName, x, sellerY);
    sellerY += 12;
  }
  for (const line of wrap(seller.address, width, 9)) {
    text(line, x, sellerY);
    sellerY += 12;
  }
  text(say.sellerState(seller.state, GST_STATE_CODES[seller.state] ?? '-'), x, sellerY);
  sellerY += 12;
  text(seller.gstin ? say.gstin(seller.gstin) : say.notRegistered, x, sellerY, {
    weight: seller.gstin ? 'bold' : 'regular',
  });
  sellerY += 12;
  // Every food business prints its FSSAI licence or registration number on its bills (FSSAI, 2021).
  if (seller.fssaiNumber) {
    text(say.fssai(seller.fssaiNumber), x, sellerY);
    sellerY += 12;
  }
  const contact = [seller.phone && say.phone(seller.phone), seller.email].filter(Boolean).join(' · ');
  for (const line of contact ? wrap(contact, width, 9) : []) {
    text(line, x, sellerY);
    sellerY += 12;
  }
  return sellerY;
}
