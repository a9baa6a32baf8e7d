/**
 * The admin orders table's delivery filter: a delivery date, then one of that date's slots (or all
 * of them). Controlled by the table, which keeps the choice in its address.
 */
import { useId } from 'react';
import { useT } from '../../../lib/i18n';
import { useDayBookings } from '../api/admin-delivery';
import { deliveryAdminTexts as x } from '../delivery-admin.texts';
import { formatSlotHours } from './format-slot';

export function DeliveryOrdersFilter({
  deliveryDate,
  slotId,
  onChange,
}: {
  deliveryDate: string;
  slotId: string;
  onChange: (filter: { deliveryDate: string; slotId: string }) => void;
}) {
  const t = useT();
  const id = useId();
  const slots = useDayBookings(deliveryDate);
  return (
    <fieldset className="card mb-4 flex flex-wrap items-end gap-3 p-4">
      <legend className="sr-only">{t(x.filterByDelivery)}</legend>
      <div>
        <label htmlFor={`${id}-date`} className="field-label">
          {t(x.deliveryDate)}
        </label>
        <input
          id={`${id}-date`}
          type="date"
          className="field-input"
          value={deliveryDate}
          onChange={(event) => onChange({ deliveryDate: event.target.value, slotId: '' })}
        />
      </div>
      <div>
        <label htmlFor={`${id}-slot`} className="field-label">
          {t(x.deliverySlot)}
        </label>
        <select
          id={`${id}-slot`}
          className="field-input"
          value={slotId}
          disabled={!deliveryDate || !slots.data?.length}
          onChange={(event) => onChange({ deliveryDate, slotId: event.target.value })}
        >
          <option value="">{t(x.allSlots)}</option>
          {slots.data?.map((slot) => (
            <option key={slot._id} value={slot._id}>
              {t(x.hoursBooked, { hours: formatSlotHours(slot), booked: slot.booked })}
            </option>
          ))}
        </select>
      </div>
      {deliveryDate && (
        <button type="button" className="btn-secondary" onClick={() => onChange({ deliveryDate: '', slotId: '' })}>
          {t(x.showEveryOrder)}
        </button>
      )}
    </fieldset>
  );
}
