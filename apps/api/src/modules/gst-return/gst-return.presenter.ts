/**
 * GSTR-1's tables as CSV (decision 0037), with the column headings of the GST portal offline tool's
 * CSV templates (b2cs, hsn, exemp, docs), so a table can be imported into the tool as it is.
 * UTF-8 with a byte order mark, CRLF, text defused against formulas by the kernel's CSV.
 */
import { GST_STATE_CODES, csvRupees as money } from '@mandi/shared/kernel';
import type { Gstr1Return, Gstr1Table } from '@mandi/shared/schemas';
import { csvFile } from '../../lib/csv-stream.js';
import { OTHER_TERRITORY } from './gst-return.rules.js';

const STATE_OF_CODE = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name]));

/** "29-Karnataka", as the templates write a place of supply. */
const placeName = (code: string) =>
  `${code}-${code === OTHER_TERRITORY ? 'Other Territory' : (STATE_OF_CODE.get(code) ?? '')}`;

/** The templates' quantity codes with their names. */
const UQC_NAMES: Record<string, string> = {
  KGS: 'KGS-KILOGRAMS',
  LTR: 'LTR-LITRES',
  NOS: 'NOS-NUMBERS',
  DOZ: 'DOZ-DOZENS',
  BDL: 'BDL-BUNDLES',
  PAC: 'PAC-PACKS',
  OTH: 'OTH-OTHERS',
};

/** One table as CSV, in pieces for `sendCsv` (decision 0039). */
export function gstr1Csv(file: Gstr1Return, table: Gstr1Table): Generator<string> {
  const csv = (header: string[], rows: (string | number)[][]) => csvFile(header, rows, { byteOrderMark: true });
  switch (table) {
    case 'b2cs':
      return csv(
        [
          'Type',
          'Place Of Supply',
          'Rate',
          'Applicable % of Tax Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        file.b2cs.map((row) => [row.typ, placeName(row.pos), row.rt, '', money(row.txval), money(row.csamt), '']),
      );
    case 'hsn':
      return csv(
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        file.hsn.hsn_b2c.map((row) => [
          row.hsn_sc,
          row.desc,
          UQC_NAMES[row.uqc] ?? row.uqc,
          row.qty,
          money(row.txval + row.iamt + row.camt + row.samt + row.csamt),
          row.rt,
          money(row.txval),
          money(row.iamt),
          money(row.camt),
          money(row.samt),
          money(row.csamt),
        ]),
      );
    case 'exemp': {
      const of = (sply: string) => file.nil.inv.find((row) => row.sply_ty === sply);
      const rows: [string, string][] = [
        ['INTRB2B', 'Inter-State supplies to registered persons'],
        ['INTRAB2B', 'Intra-State supplies to registered persons'],
        ['INTRB2C', 'Inter-State supplies to unregistered persons'],
        ['INTRAB2C', 'Intra-State supplies to unregistered persons'],
      ];
      return csv(
        ['Description', 'Nil Rated Supplies', 'Exempted(other than nil rated/non GST supply)', 'Non-GST Supplies'],
        rows.map(([sply, description]) => {
          const row = of(sply);
          return [description, money(row?.nil_amt ?? 0), money(row?.expt_amt ?? 0), money(row?.ngsup_amt ?? 0)];
        }),
      );
    }
    case 'docs':
      return csv(
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        file.doc_issue.doc_det.flatMap((detail) =>
          detail.docs.map((doc) => [detail.doc_typ, doc.from, doc.to, doc.totnum, doc.cancel]),
        ),
      );
  }
}
