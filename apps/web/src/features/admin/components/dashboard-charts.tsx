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

ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, Filler, ArcElement, Title, Tooltip, Legend);

export function AmountGrowthChart({ amountEarned }: { amountEarned: number }) {
  return (
    <Line
      aria-label={`Amount Growth: from ₹0 to ₹${amountEarned}`}
      role="img"
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: false }, title: { display: true, text: 'Amount Growth' } },
        scales: { y: { beginAtZero: true } },
      }}
      data={{
        labels: ['Initial Amount', 'Amount Earned'],
        datasets: [
          {
            label: 'Total Amount',
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
  return (
    <Doughnut
      aria-label={`Products Stock: ${outOfStock} out of stock, ${inStock} in stock`}
      role="img"
      options={{
        responsive: true,
        maintainAspectRatio: false,
        plugins: { title: { display: true, text: 'Products Stock' }, legend: { position: 'bottom' } },
      }}
      data={{
        labels: ['Out of Stock', 'InStock'],
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
