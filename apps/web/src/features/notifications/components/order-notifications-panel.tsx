/**
 * The WhatsApp panel of the admin's order screen (decision 0045): with the Cloud API, the order's
 * messages and where each got to (sent, delivered, read, failed); without it, "Send on WhatsApp",
 * a wa.me link with the message for the order's latest moment in the shopper's language.
 */
import type { NotificationMessage } from '@mandi/shared/schemas';
import { useId } from 'react';
import { type Text, useT } from '../../../lib/i18n';
import { useOrderNotifications } from '../api/notifications';
import { notificationsTexts as x } from '../notifications.texts';

const STATUS_TEXTS: Record<NotificationMessage['status'], Text> = {
  queued: x.statusQueued,
  sent: x.statusSent,
  delivered: x.statusDelivered,
  read: x.statusRead,
  failed: x.statusFailed,
};

export const TEMPLATE_TEXTS: Record<NotificationMessage['template'], Text> = {
  order_placed: x.templateOrderPlaced,
  order_packed: x.templateOrderPacked,
  order_out_for_delivery: x.templateOrderOutForDelivery,
  order_cancelled: x.templateOrderCancelled,
  khata_reminder: x.templateKhataReminder,
  standing_order_missed: x.templateStandingOrderMissed,
  shop_closed_notice: x.templateShopClosedNotice,
};

export function OrderNotificationsPanel({ orderId, status, name }: { orderId: string; status: string; name: string }) {
  const t = useT();
  const headingId = useId();
  const query = useOrderNotifications(orderId, status);
  const answer = query.data;

  return (
    <section aria-labelledby={headingId} className="card flex min-w-0 flex-col gap-3 p-5">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        {t(x.panelHeading)}
      </h2>
      {query.isPending ? (
        <p className="text-sm text-stone-700">{t(x.panelLoading)}</p>
      ) : query.isError || !answer ? (
        <p role="alert" className="text-sm text-red-800">
          {t(x.panelLoadFailed)}
        </p>
      ) : answer.whatsappConfigured ? (
        answer.messages.length === 0 ? (
          <p className="text-sm text-stone-700">{t(x.noMessages)}</p>
        ) : (
          <ul className="flex flex-col gap-2 text-sm">
            {answer.messages.map((message) => (
              <li key={message._id} className="text-stone-800">
                <span className="font-semibold">
                  {t(x.messageLine, {
                    template: t(TEMPLATE_TEXTS[message.template]),
                    status: t(STATUS_TEXTS[message.status]),
                  })}
                </span>
                {message.status === 'failed' && message.error && (
                  <span className="block wrap-anywhere text-red-800">{message.error}</span>
                )}
              </li>
            ))}
          </ul>
        )
      ) : answer.whatsappLink ? (
        <>
          {/* The message carries the bill's link, one unbroken word wider than a phone: it wraps anywhere. */}
          <p
            className="whitespace-pre-line wrap-anywhere rounded-lg bg-stone-50 p-3 text-sm text-stone-800"
            lang={answer.whatsappLink.language}
          >
            {answer.whatsappLink.text}
          </p>
          <a
            href={answer.whatsappLink.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t(x.sendOnWhatsappLabel, { name })}
            className="btn-secondary self-start"
          >
            {t(x.sendOnWhatsapp)}
          </a>
        </>
      ) : (
        <p className="text-sm text-stone-700">{t(status === 'Delivered' ? x.nothingToSend : x.noNumber)}</p>
      )}
    </section>
  );
}
