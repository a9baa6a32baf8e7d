/**
 * Scale labels (contract "The scale and barcodes"): one 50 × 25 mm page per label, as label
 * printers take them: the product's name in English and Hindi, the weight-embedded EAN-13 code
 * (bars and digits) when the product has a PLU, and the weight × rate = amount. A bag packed
 * ahead then sells at the counter with one scan. Pure drawing: the caller says what each label holds.
 */
import { ean13Modules, formatIndianAmount, formatQuantity, type Unit } from '@mandi/shared/kernel';
import { openPdfCanvas } from '../../lib/pdf/pdf-canvas.js';

/** 50 × 25 mm in points (72 a inch). */
const LABEL = { width: (50 / 25.4) * 72, height: (25 / 25.4) * 72, margin: 5 };
/** One module of the code: 95 of them (114 pt) fit the label with its quiet zones. */
const MODULE = 1.2;
const BARS_HEIGHT = 22;

export interface ScaleLabel {
  name: string;
  nameHi: string | null;
  unit: Unit;
  /** Thousandths of the unit (grams of a kg product). */
  quantity: number;
  ratePaise: number;
  amountPaise: number;
  /** The EAN-13 code, or null when the product has no PLU (the label then carries no code). */
  code: string | null;
}

const rupees = (paise: number) => `₹${formatIndianAmount(paise)}`;

/** The labels as one PDF, a page each. */
export async function labelsPdf(labels: readonly ScaleLabel[], title: string): Promise<Buffer> {
  const canvas = openPdfCanvas({
    locale: 'en-IN',
    info: { Title: title },
    size: [LABEL.width, LABEL.height],
    margin: LABEL.margin,
  });
  const { doc } = canvas;
  const inner = LABEL.width - 2 * LABEL.margin;
  labels.forEach((label, index) => {
    if (index > 0) doc.addPage({ size: [LABEL.width, LABEL.height], margin: LABEL.margin });
    let y = LABEL.margin;
    const name = label.nameHi ? `${label.name} · ${label.nameHi}` : label.name;
    canvas.text(canvas.wrap(name, inner, 6.5, 'bold')[0] ?? name, LABEL.margin, y, { size: 6.5, weight: 'bold' });
    y += 9;
    if (label.code) {
      const left = (LABEL.width - 95 * MODULE) / 2;
      const modules = ean13Modules(label.code);
      doc.fillColor('#000000');
      for (let i = 0; i < modules.length; i++) {
        if (modules[i] === '1') doc.rect(left + i * MODULE, y, MODULE, BARS_HEIGHT).fill();
      }
      y += BARS_HEIGHT + 1;
      canvas.text(label.code, LABEL.margin, y, { size: 6, align: 'center', width: inner });
      y += 8;
    } else {
      y += BARS_HEIGHT + 9;
    }
    const weight = formatQuantity(label.unit, label.quantity);
    canvas.text(`${weight} × ${rupees(label.ratePaise)}`, LABEL.margin, y, { size: 6 });
    canvas.text(rupees(label.amountPaise), LABEL.margin, y, { size: 7, weight: 'bold', align: 'right', width: inner });
  });
  return canvas.end();
}
