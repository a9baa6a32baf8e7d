/**
 * The admin's Delivery section (decision 0008): the zones (PIN prefixes and their terms), the slot
 * templates (weekdays, hours, capacity, cut-off, zones) and the bookings of a day per slot. Add forms
 * sit under each table; Edit fills the form with the row, Delete asks first.
 */
import type { SlotTemplate, Zone } from '@mandi/shared/delivery';
import { formatIndianNumber } from '@mandi/shared/kernel';
import { useState } from 'react';
import { Link } from 'react-router';
import { TableMessages, useConfirmedDelete } from '../../../components/admin/action-messages';
import { AdminPageHeader } from '../../../components/admin/admin-page-header';
import {
  AdminTable,
  cellClass,
  DeleteButton,
  EditLabel,
  editLinkClass,
  QueryRows,
  RowActions,
} from '../../../components/admin/admin-table';
import { paths } from '../../../config/paths';
import { formatRupees, type Translate, useT } from '../../../lib/i18n';
import { usePageTitle } from '../../../lib/use-page-title';
import { useDeleteSlotTemplate, useDeleteZone, useSlotTemplates, useZones } from '../api/admin-delivery';
import { DayBookings } from '../components/day-bookings';
import { formatSlotHours } from '../components/format-slot';
import { SlotTemplateForm, WEEKDAYS } from '../components/slot-template-form';
import { ZoneForm } from '../components/zone-form';
import { deliveryAdminTexts as x } from '../delivery-admin.texts';
import { deliveryRunTexts as runTexts } from '../delivery-run.texts';

const ZONE_HEADERS = [x.name, x.pinPrefixes, x.minimumOrder, x.fee, x.freeAbove, x.actions];
const SLOT_HEADERS = [x.time, x.days, x.capacity, x.cutOff, x.zones, x.actions];

function daysText(days: number[], t: Translate): string {
  if (days.length === 7) return t(x.everyDay);
  return WEEKDAYS.filter((day) => days.includes(day.value))
    .map((day) => t(day.short))
    .join(', ');
}

function EditButton({ name, onClick }: { name: string; onClick: () => void }) {
  const t = useT();
  return (
    <button type="button" className={editLinkClass} onClick={onClick} aria-label={t(x.editName, { name })}>
      <EditLabel />
    </button>
  );
}

function ZonesSection() {
  const t = useT();
  const zones = useZones();
  const [editing, setEditing] = useState<Zone | null>(null);
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteZone());

  return (
    <section aria-labelledby="zones-heading" className="flex flex-col gap-4">
      <h2 id="zones-heading" className="text-xl font-bold text-stone-900">
        {t(x.zones)}
      </h2>
      <p className="text-sm text-stone-600">{t(x.withNoZoneTheShop)}</p>
      <TableMessages success={success} errors={errors} />
      <AdminTable caption={t(x.deliveryZones)} headers={ZONE_HEADERS}>
        <QueryRows query={zones} items={zones.data} columns={ZONE_HEADERS.length} empty={t(x.noZonesEveryPinCode)}>
          {(zone) => (
            <tr key={zone._id} className="hover:bg-stone-50">
              <td className={`${cellClass} font-semibold text-stone-900`}>{zone.name}</td>
              <td className={cellClass}>
                <ul className="flex flex-wrap gap-1" aria-label={t(x.pinPrefixesOfZone, { zone: zone.name })}>
                  {zone.pinPrefixes.map((prefix) => (
                    <li key={prefix} className="rounded-full bg-stone-100 px-2 py-0.5 font-mono text-xs text-stone-800">
                      {prefix}
                    </li>
                  ))}
                </ul>
              </td>
              <td className={cellClass}>{formatRupees(zone.minOrder)}</td>
              <td className={cellClass}>{zone.deliveryFee === 0 ? t(x.free) : formatRupees(zone.deliveryFee)}</td>
              <td className={cellClass}>{zone.freeAbove === null ? t(x.never) : formatRupees(zone.freeAbove)}</td>
              <td className={cellClass}>
                <RowActions>
                  <EditButton name={zone.name} onClick={() => setEditing(zone)} />
                  <DeleteButton
                    name={zone.name}
                    disabled={isDeleting}
                    onClick={() => remove(zone._id, t(x.deleteTheZoneName, { name: zone.name }))}
                  />
                </RowActions>
              </td>
            </tr>
          )}
        </QueryRows>
      </AdminTable>
      <ZoneForm key={editing?._id ?? 'new'} zone={editing} onDone={() => setEditing(null)} />
    </section>
  );
}

function SlotsSection() {
  const t = useT();
  const slots = useSlotTemplates();
  const zones = useZones();
  const [editing, setEditing] = useState<SlotTemplate | null>(null);
  const { success, errors, remove, isDeleting } = useConfirmedDelete(useDeleteSlotTemplate());
  const zoneName = (zoneId: string) => zones.data?.find((zone) => zone._id === zoneId)?.name ?? zoneId;

  return (
    <section aria-labelledby="slots-heading" className="flex flex-col gap-4">
      <h2 id="slots-heading" className="text-xl font-bold text-stone-900">
        {t(x.slotTemplates)}
      </h2>
      <p className="text-sm text-stone-600">{t(x.aTemplateGivesASlot)}</p>
      <TableMessages success={success} errors={errors} />
      <AdminTable caption={t(x.deliverySlotTemplates)} headers={SLOT_HEADERS}>
        <QueryRows
          query={slots}
          items={slots.data}
          columns={SLOT_HEADERS.length}
          empty={t(x.noSlotTemplatesOrdersCarry)}
        >
          {(slot) => {
            const name = t(x.slotHoursDays, { hours: formatSlotHours(slot), days: daysText(slot.days, t) });
            return (
              <tr key={slot._id} className="hover:bg-stone-50">
                <td className={`${cellClass} font-semibold whitespace-nowrap text-stone-900`}>
                  {formatSlotHours(slot)}
                </td>
                <td className={cellClass}>{daysText(slot.days, t)}</td>
                <td className={cellClass}>
                  {slot.capacity === null
                    ? t(x.noLimit)
                    : t(x.countOrders, { count: formatIndianNumber(slot.capacity) })}
                </td>
                <td className={`${cellClass} whitespace-nowrap`}>
                  {t(x.minutesBefore, { minutes: slot.cutoffMinutes })}
                </td>
                <td className={cellClass}>
                  {slot.zoneIds.length ? slot.zoneIds.map(zoneName).join(', ') : t(x.allZones)}
                </td>
                <td className={cellClass}>
                  <RowActions>
                    <EditButton name={name} onClick={() => setEditing(slot)} />
                    <DeleteButton
                      name={name}
                      disabled={isDeleting}
                      onClick={() => remove(slot._id, t(x.deleteTheName, { name }))}
                    />
                  </RowActions>
                </td>
              </tr>
            );
          }}
        </QueryRows>
      </AdminTable>
      <SlotTemplateForm
        key={editing?._id ?? 'new'}
        slot={editing}
        zones={zones.data ?? []}
        onDone={() => setEditing(null)}
      />
    </section>
  );
}

export default function AdminDeliveryPage() {
  const t = useT();
  usePageTitle(x.delivery);
  return (
    <div className="flex flex-col gap-10">
      <div>
        <AdminPageHeader title={t(x.delivery)} />
        <nav aria-label={t(x.deliverySections)} className="flex flex-wrap gap-2 text-sm font-semibold">
          {[
            { href: '#zones-heading', label: x.zones },
            { href: '#slots-heading', label: x.slotTemplates },
            { href: '#bookings-heading', label: x.bookingsOfADay },
          ].map(({ href, label }) => (
            <a
              key={href}
              href={href}
              className="rounded-full bg-green-50 px-3 py-1.5 text-green-900 hover:bg-green-100"
            >
              {t(label)}
            </a>
          ))}
          <Link
            to={paths.admin.deliveryRun()}
            className="rounded-full bg-green-700 px-3 py-1.5 text-white hover:bg-green-800"
          >
            {t(runTexts.runSheetLink)}
          </Link>
        </nav>
      </div>
      <ZonesSection />
      <SlotsSection />
      <section aria-labelledby="bookings-heading" className="flex flex-col gap-4">
        <h2 id="bookings-heading" className="text-xl font-bold text-stone-900">
          {t(x.bookingsOfADay)}
        </h2>
        <DayBookings />
      </section>
    </div>
  );
}
