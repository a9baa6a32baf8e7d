/**
 * A live preview of the bill's header as the form reads now: the document kind (Tax Invoice with a
 * GSTIN, else Bill of Supply), the seller's legal name, address and state with its GST code, the
 * GSTIN, the FSSAI licence number, phone and email, laid out as the PDF prints them.
 */
import { useT } from '../../../lib/i18n';
import { formatPhone } from '../../../lib/shop/shop-display';
import { shopSettingsTexts as x } from '../shop-settings.texts';
import { billKindOf, type ShopFormValues, stateCodeOf } from './shop-form';

export function BillHeaderPreview({ form }: { form: ShopFormValues }) {
  const t = useT();
  const kind = billKindOf(form);
  const code = stateCodeOf(form.state);
  const gstin = form.gstin.trim().toUpperCase();
  return (
    <section aria-labelledby="bill-preview-heading" className="card flex flex-col gap-3 p-5">
      <div>
        <h2 id="bill-preview-heading" className="text-lg font-bold text-stone-900">
          {t(x.preview)}
        </h2>
        <p className="text-sm text-stone-600">{t(x.previewNote)}</p>
      </div>
      <div
        data-testid="bill-preview"
        className="flex flex-col gap-1 rounded-lg border border-stone-300 bg-white p-4 font-serif text-sm text-stone-900"
      >
        <p className="text-right text-xs font-bold tracking-wider text-stone-700 uppercase">
          {t(kind === 'Tax Invoice' ? x.taxInvoice : x.billOfSupply)}
        </p>
        <p className="text-base font-bold break-words">{form.legalName.trim() || '—'}</p>
        <p className="break-words whitespace-pre-line">{form.address.trim() || '—'}</p>
        {form.state && <p>{t(x.previewState, { state: form.state, code: code ?? '—' })}</p>}
        <p>{gstin ? t(x.previewGstin, { gstin }) : t(x.notRegistered)}</p>
        {form.fssaiNumber.trim() && <p>{t(x.previewFssai, { number: form.fssaiNumber.trim() })}</p>}
        {form.phone.trim() && <p>{t(x.previewPhone, { phone: formatPhone(form.phone.trim()) })}</p>}
        {form.email.trim() && <p className="break-words">{t(x.previewEmail, { email: form.email.trim() })}</p>}
      </div>
      {!form.fssaiNumber.trim() && <p className="text-sm font-medium text-amber-800">{t(x.noFssai)}</p>}
    </section>
  );
}
