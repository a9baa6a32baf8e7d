/**
 * What a PDF job draws (decision 0038): the bill or the khata statement, from the plain data the
 * services built. Run by the PDF pool's workers (`pdf-worker.ts`), or on the main thread when the
 * pool is set to no workers.
 */
import type { PdfJob } from './lib/pdf-pool.js';
import { type BillDocument, renderBillPdf } from './modules/billing/billing.pdf.js';
import { type KhataStatement, renderKhataStatementPdf } from './modules/khata/khata.statement-pdf.js';

export function renderPdfJob(job: PdfJob): Promise<Uint8Array> {
  switch (job.kind) {
    case 'bill':
      return renderBillPdf(job.data as BillDocument, job.language);
    case 'khata-statement':
      return renderKhataStatementPdf(job.data as KhataStatement, job.language);
  }
}
