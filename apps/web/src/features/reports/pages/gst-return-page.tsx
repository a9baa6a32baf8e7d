/**
 * The GST return (/admin/gst, decision 0037): a month (last month by default, the one filed now),
 * whether GSTR-1 matches the bills register, the warnings for what the portal would reject, the
 * register's totals beside the return's, the four tables, and the downloads: the JSON for the GST
 * portal's offline tool and each table as CSV in the tool's template.
 */
import { GST_STATE_CODES } from '@mandi/shared/kernel';
import type { Gstr1Answer, Gstr1Table } from '@mandi/shared/schemas';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import { ErrorBlock } from '../../../components/ui/error-block';
import { paths } from '../../../config/paths';
import { ApiError, errorMessages, serverText } from '../../../lib/api-client';
import { formatRupees, type Text, translate, useLanguage, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { gstr1Url, isMonth, periodOf, useGstr1 } from '../api/gstr1';
import { formatMonthName, lastMonth } from '../components/format';
import { reportsTexts as x } from '../reports.texts';

const headCell = 'px-3 py-2 font-semibold whitespace-nowrap';
const cell = 'px-3 py-2 align-middle';
const amountCell = `${cell} text-right whitespace-nowrap tabular-nums`;

const STATE_OF_CODE = new Map(Object.entries(GST_STATE_CODES).map(([name, code]) => [code, name]));
/** "29 Karnataka": the code the portal takes, with the state's name. */
const placeName = (code: string) => `${code} ${STATE_OF_CODE.get(code) ?? 'Other Territory'}`;

const TABLE_TITLES: Record<Gstr1Table, Text> = {
  b2cs: x.b2csTitle,
  exemp: x.exempTitle,
  hsn: x.hsnTitle,
  docs: x.docsTitle,
};

export default function GstReturnPage() {
  const t = useT();
  const language = useLanguage();
  usePageTitle(x.gstTitle);
  const id = useId();
  const [month, setMonth] = useState(lastMonth);
  const valid = isMonth(month);
  const answer = useGstr1(month);
  const data = answer.data;
  const noGstin = answer.error instanceof ApiError && answer.error.status === 409;

  return (
    <section>
      <AdminPageHeader title={t(x.gstTitle)} back={{ to: paths.admin.reports(), label: t(x.backToReports) }} />
      <p className="mb-4 max-w-3xl text-sm text-stone-700">{t(x.gstIntro)}</p>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={`${id}-month`} className="field-label">
            {t(x.month)}
          </label>
          <input
            id={`${id}-month`}
            type="month"
            className="field-input"
            value={month}
            required
            onChange={(event) => setMonth(event.target.value)}
          />
        </div>
        {valid && data && (
          <a
            href={gstr1Url(month, 'portal')}
            download={`GSTR1_${data.gstin}_${periodOf(month)}.json`}
            className="btn-primary"
          >
            {t(x.downloadJson)}
          </a>
        )}
      </div>
      {!valid ? (
        <Notice>{t(x.chooseMonth)}</Notice>
      ) : noGstin ? (
        <div role="status" className="card px-5 py-6 text-stone-800">
          <p className="text-lg font-semibold">{t(x.noGstin)}</p>
          <Link to={paths.admin.shop()} className="mt-2 inline-block font-semibold text-green-800 underline">
            {t(x.shopSettings)}
          </Link>
        </div>
      ) : answer.isError ? (
        <ErrorBlock messages={errorMessages(answer.error)} />
      ) : !data ? (
        <Notice>{t(x.gstLoading)}</Notice>
      ) : (
        <ReturnView answer={data} month={month} monthName={formatMonthName(month, language)} />
      )}
    </section>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="card px-5 py-8 text-center text-lg font-semibold text-stone-700">
      {children}
    </p>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-lg font-bold text-stone-900">{title}</h2>
      {children}
    </section>
  );
}

function ReturnView({ answer, month, monthName }: { answer: Gstr1Answer; month: string; monthName: string }) {
  const t = useT();
  return (
    <div className="flex flex-col gap-6">
      <p
        role="status"
        className={`card border-l-4 px-4 py-3 font-semibold ${answer.reconciled ? 'border-green-700 text-green-900' : 'border-red-700 text-red-900'}`}
      >
        {t(answer.reconciled ? x.reconciledYes : x.reconciledNo)}
      </p>
      <Section title={t(x.warningsTitle)}>
        {answer.warnings.length ? (
          <ul className="card list-disc space-y-1 py-3 pr-4 pl-8 text-sm text-stone-900">
            {answer.warnings.map((warning) => (
              <li key={warning.message}>{translate(serverText(warning))}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-700">{t(x.noWarnings)}</p>
        )}
      </Section>
      <Section title={t(x.reconcileTitle)}>
        <Reconciliation answer={answer} monthName={monthName} />
      </Section>
      <TableSection table="b2cs" month={month} count={answer.b2cs.length}>
        <B2csTable answer={answer} />
      </TableSection>
      <TableSection table="exemp" month={month} count={answer.nil.inv.length}>
        <ExempTable answer={answer} />
      </TableSection>
      <TableSection table="hsn" month={month} count={answer.hsn.hsn_b2c.length}>
        <HsnTable answer={answer} />
      </TableSection>
      <TableSection table="docs" month={month} count={answer.doc_issue.doc_det.length}>
        <DocsTable answer={answer} />
      </TableSection>
    </div>
  );
}

function TableSection({
  table,
  month,
  count,
  children,
}: {
  table: Gstr1Table;
  month: string;
  count: number;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <Section title={t(TABLE_TITLES[table])}>
      {count ? (
        <>
          <div className="card overflow-x-auto">{children}</div>
          <a
            href={gstr1Url(month, table)}
            download={`GSTR1_${periodOf(month)}_${table}.csv`}
            className="self-start text-sm font-semibold text-green-800 underline underline-offset-4"
          >
            {t(x.downloadTableCsv, { table: t(TABLE_TITLES[table]) })}
          </a>
        </>
      ) : (
        <p className="text-sm text-stone-700">{t(x.emptyTable)}</p>
      )}
    </Section>
  );
}

function Head({ labels }: { labels: { text: string; right?: boolean }[] }) {
  return (
    <thead className="bg-green-50 text-xs tracking-wide text-green-900 uppercase">
      <tr>
        {labels.map((label) => (
          <th key={label.text} scope="col" className={`${headCell} ${label.right ? 'text-right' : ''}`}>
            {label.text}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function Reconciliation({ answer, monthName }: { answer: Gstr1Answer; monthName: string }) {
  const t = useT();
  const { totals, register } = answer;
  const rates = [...new Set([...totals.taxByRate, ...register.taxByRate].map((entry) => entry.rate))].sort(
    (a, b) => a - b,
  );
  const at = (list: Gstr1Answer['totals']['taxByRate'], rate: number) => list.find((entry) => entry.rate === rate);
  const rows: [string, number | null, number | null][] = [
    ...rates.flatMap((rate): [string, number | null, number | null][] => [
      [
        t(x.taxableAt, { rate }),
        at(totals.taxByRate, rate)?.taxableValue ?? 0,
        at(register.taxByRate, rate)?.taxableValue ?? 0,
      ],
      ...(rate > 0
        ? [
            [t(x.taxAt, { rate }), at(totals.taxByRate, rate)?.tax ?? 0, at(register.taxByRate, rate)?.tax ?? 0] as [
              string,
              number,
              number,
            ],
          ]
        : []),
    ]),
    [t(x.taxableValue), totals.taxableValue, register.taxableValue],
    [t(x.tax), totals.tax, register.tax],
    [t(x.igst), totals.igst, null],
    [t(x.cgst), totals.cgst, null],
    [t(x.sgst), totals.sgst, null],
    [t(x.roundOff), null, register.roundOff],
    [t(x.billTotal), null, register.total],
  ];
  return (
    <div className="card overflow-x-auto">
      <table className="w-full min-w-[20rem] text-left text-sm">
        <caption className="sr-only">{t(x.reconcileCaption, { month: monthName })}</caption>
        <Head
          labels={[
            { text: t(x.columnFigure) },
            { text: t(x.columnReturn), right: true },
            { text: t(x.columnRegister), right: true },
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {rows.map(([label, value, registered]) => (
            <tr key={label}>
              <th scope="row" className={`${cell} font-normal text-stone-800`}>
                {label}
              </th>
              <td className={amountCell}>{value === null ? '' : formatRupees(value)}</td>
              <td className={amountCell}>{registered === null ? '' : formatRupees(registered)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row" className={`${cell} font-normal text-stone-800`}>
              {t(x.billsCount, { cancelled: register.cancelled })}
            </th>
            <td className={amountCell} />
            <td className={amountCell}>{register.bills}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

function B2csTable({ answer }: { answer: Gstr1Answer }) {
  const t = useT();
  return (
    <table className="w-full min-w-[36rem] text-left text-sm">
      <caption className="sr-only">{t(x.b2csCaption)}</caption>
      <Head
        labels={[
          { text: t(x.columnSupply) },
          { text: t(x.columnPlace) },
          { text: t(x.columnRate), right: true },
          { text: t(x.columnTaxable), right: true },
          { text: t(x.columnIgst), right: true },
          { text: t(x.columnCgst), right: true },
          { text: t(x.columnSgst), right: true },
        ]}
      />
      <tbody className="divide-y divide-stone-100">
        {answer.b2cs.map((row) => (
          <tr key={`${row.sply_ty}-${row.pos}-${row.rt}`}>
            <td className={cell}>{t(row.sply_ty === 'INTRA' ? x.intraState : x.interState)}</td>
            <td className={cell}>{placeName(row.pos)}</td>
            <td className={amountCell}>{t(x.percent, { value: row.rt })}</td>
            <td className={amountCell}>{formatRupees(row.txval)}</td>
            <td className={amountCell}>{formatRupees(row.iamt)}</td>
            <td className={amountCell}>{formatRupees(row.camt)}</td>
            <td className={amountCell}>{formatRupees(row.samt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function ExempTable({ answer }: { answer: Gstr1Answer }) {
  const t = useT();
  return (
    <table className="w-full min-w-[28rem] text-left text-sm">
      <caption className="sr-only">{t(x.exempCaption)}</caption>
      <Head
        labels={[
          { text: t(x.columnSupply) },
          { text: t(x.columnNil), right: true },
          { text: t(x.columnExempt), right: true },
          { text: t(x.columnNonGst), right: true },
        ]}
      />
      <tbody className="divide-y divide-stone-100">
        {answer.nil.inv.map((row) => (
          <tr key={row.sply_ty}>
            <td className={cell}>{t(row.sply_ty.startsWith('INTRA') ? x.intraStateB2c : x.interStateB2c)}</td>
            <td className={amountCell}>{formatRupees(row.nil_amt)}</td>
            <td className={amountCell}>{formatRupees(row.expt_amt)}</td>
            <td className={amountCell}>{formatRupees(row.ngsup_amt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function HsnTable({ answer }: { answer: Gstr1Answer }) {
  const t = useT();
  return (
    <table className="w-full min-w-[44rem] text-left text-sm">
      <caption className="sr-only">{t(x.hsnCaption)}</caption>
      <Head
        labels={[
          { text: t(x.columnHsn) },
          { text: t(x.columnDescription) },
          { text: t(x.columnUqc) },
          { text: t(x.columnQuantity), right: true },
          { text: t(x.columnRate), right: true },
          { text: t(x.columnTaxable), right: true },
          { text: t(x.columnIgst), right: true },
          { text: t(x.columnCgst), right: true },
          { text: t(x.columnSgst), right: true },
        ]}
      />
      <tbody className="divide-y divide-stone-100">
        {answer.hsn.hsn_b2c.map((row) => (
          <tr key={row.num}>
            <td className={`${cell} font-mono`}>{row.hsn_sc}</td>
            <td className={cell}>{row.desc}</td>
            <td className={cell}>{row.uqc}</td>
            <td className={amountCell}>{row.qty}</td>
            <td className={amountCell}>{t(x.percent, { value: row.rt })}</td>
            <td className={amountCell}>{formatRupees(row.txval)}</td>
            <td className={amountCell}>{formatRupees(row.iamt)}</td>
            <td className={amountCell}>{formatRupees(row.camt)}</td>
            <td className={amountCell}>{formatRupees(row.samt)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function DocsTable({ answer }: { answer: Gstr1Answer }) {
  const t = useT();
  return (
    <table className="w-full min-w-[36rem] text-left text-sm">
      <caption className="sr-only">{t(x.docsCaption)}</caption>
      <Head
        labels={[
          { text: t(x.columnFrom) },
          { text: t(x.columnTo) },
          { text: t(x.columnTotalNumber), right: true },
          { text: t(x.columnCancelled), right: true },
          { text: t(x.columnNetIssued), right: true },
        ]}
      />
      <tbody className="divide-y divide-stone-100">
        {answer.doc_issue.doc_det.flatMap((detail) =>
          detail.docs.map((doc) => (
            <tr key={`${detail.doc_num}-${doc.num}`}>
              <td className={`${cell} font-mono`}>{doc.from}</td>
              <td className={`${cell} font-mono`}>{doc.to}</td>
              <td className={amountCell}>{doc.totnum}</td>
              <td className={amountCell}>{doc.cancel}</td>
              <td className={amountCell}>{doc.net_issue}</td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
