/**
 * The dashboard's two charts. Chart.js lives only here (loaded with the lazy admin dashboard), and
 * only the pieces these two charts draw with are registered.
 */
import {
  ArcElement,
  CategoryScale,
  Chart as ChartJS,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  Title,
  Tooltip,
} from 'chart.js';
import { Doughnut, Line } from 'react-chartjs-2';
import { formatRupees, useT } from '../../../lib/i18n';
import { dashboardTexts as x } from '../dashboard.texts';

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, ArcElement, Title, Tooltip, Legend);

export function AmountGrowthChart({ amountEarned }: { amountEarned: number }) {
  const t = useT();
  return (
    <Line
      aria-label={t(x.amountGrowthFrom0To, { amount: amountEarned })}
      role="img"
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: {
          legend: { display: false },
          title: { display: true, text: t(x.amountGrowth) },
          // Amounts in ₹, like everywhere else in the shop.
          tooltip: { callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${formatRupees(Number(item.raw))}` } },
        },
        scales: { y: { beginAtZero: true, ticks: { callback: (value) => formatRupees(Number(value)) } } },
      }}
      data={{
        labels: [t(x.initialAmount), t(x.amountEarned)],
        datasets: [
          {
            label: t(x.totalAmount),
            data: [0, amountEarned],
            borderColor: '#15803d',
            backgroundColor: 'rgba(22, 163, 74, 0.15)',
            fill: true,
            tension: 0.3,
            pointRadius: 5,
          },
        ],
      }}
    />
  );
}

export function ProductsStockChart({ outOfStock, inStock }: { outOfStock: number; inStock: number }) {
  const t = useT();
  return (
    <Doughnut
      aria-label={t(x.productsStockOutOutOf, { out: outOfStock, in: inStock })}
      role="img"
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { title: { display: true, text: t(x.productsStock) }, legend: { position: 'bottom' } },
      }}
      data={{
        labels: [t(x.outOfStock2), t(x.instock)],
        datasets: [
          {
            data: [outOfStock, inStock],
            backgroundColor: ['#b91c1c', '#15803d'],
            hoverBackgroundColor: ['#991b1b', '#166534'],
            borderWidth: 2,
          },
        ],
      }}
    />
  );
}
